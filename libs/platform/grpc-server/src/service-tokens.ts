import type { TokenSigner } from '@platform/auth';

/** Hands out this service's own short-lived token for service-to-service calls, renewed before expiry. */
export class ServiceTokens {
  private token?: string;
  private renewAt = 0;

  constructor(
    private readonly signer: TokenSigner,
    private readonly service: string,
  ) {}

  current(): string {
    const now = Date.now();
    if (!this.token || now >= this.renewAt) {
      this.token = this.signer.signService(this.service);
      this.renewAt = now + 30_000;
    }
    return this.token;
  }
}

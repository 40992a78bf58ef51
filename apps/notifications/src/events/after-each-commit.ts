import type { ServiceEventSource } from '@platform/messaging';
import type { Tx } from '../store/db';

/** The source with `after` called once each of its transactions has committed (a dispatcher then looks at once, not at its next tick). */
export function afterEachCommit(source: ServiceEventSource<Tx>, after: (() => void) | undefined): ServiceEventSource<Tx> {
  const withTransaction: ServiceEventSource<Tx>['withTransaction'] = async (work) => {
    const result = await source.withTransaction(work);
    after?.();
    return result;
  };
  return { ...source, withTransaction };
}

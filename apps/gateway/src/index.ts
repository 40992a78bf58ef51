export { createGateway, type Gateway, type GatewayOverrides } from './gateway';
export { readGatewayConfig, type GatewayConfig } from './config';

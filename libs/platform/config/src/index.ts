export { readEnv, commonEnv, port } from './env';

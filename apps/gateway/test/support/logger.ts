export { testLogger } from '@platform/testing';

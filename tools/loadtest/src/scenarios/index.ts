import { adminList } from './admin-list';
import { browse } from './browse';
import { connectorSync } from './connector-sync';
import { documents } from './documents';
import { loginStorm } from './login-storm';
import type { ScenarioName } from './names';
import { notify } from './notify';
import { register } from './register';
import { registrationBurst } from './registration-burst';
import type { Scenario } from './scenario';

export const SCENARIOS: Record<ScenarioName, Scenario> = {
  browse,
  register,
  documents,
  'admin-list': adminList,
  notify,
  'connector-sync': connectorSync,
  'login-storm': loginStorm,
  'registration-burst': registrationBurst,
};

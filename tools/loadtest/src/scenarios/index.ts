import { adminList } from './admin-list';
import { browse } from './browse';
import { loginStorm } from './login-storm';
import type { ScenarioName } from './names';
import { registrationBurst } from './registration-burst';
import type { Scenario } from './scenario';

export const SCENARIOS: Record<ScenarioName, Scenario> = {
  browse,
  'admin-list': adminList,
  'login-storm': loginStorm,
  'registration-burst': registrationBurst,
};

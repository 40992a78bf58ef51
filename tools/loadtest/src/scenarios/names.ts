export const SCENARIO_NAMES = ['browse', 'admin-list', 'login-storm', 'registration-burst'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

export const SCENARIO_NAMES = ['browse', 'register', 'documents', 'admin-list', 'notify', 'connector-sync', 'login-storm', 'registration-burst'] as const;
export type ScenarioName = (typeof SCENARIO_NAMES)[number];

/** The default mix (weights, in percent): members reading most, admins and writes less, the heavy fan-outs rarely. */
export const DEFAULT_MIX = 'browse=45,register=10,documents=15,admin-list=15,notify=2,connector-sync=3,login-storm=5,registration-burst=5';

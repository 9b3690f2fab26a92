/** The keys the attack suite's gateway is started with, shared by the attacker and the runner. */
export const MANAGEMENT_KEY = 'gw-mgmt-attack-suite-0123456789abcdef';
export const STANDARD_KEY = 'gw-key-attack-suite-0123456789abcdef';
/** A second management key, of another client, for the attacks that need two (the two-keys server's). */
export const OTHER_MANAGEMENT_KEY = 'gw-mgmt-attack-suite-bystander-fedcba9876543210';

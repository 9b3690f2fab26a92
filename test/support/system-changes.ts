/** Set to `1`, the suite changes nothing outside its temporary directories (see CONTRIBUTING, "Setup"). */
export const NO_SYSTEM_CHANGES = 'GATEWAY_CONTRACT_NO_SYSTEM_CHANGES';

const refusing = process.env[NO_SYSTEM_CHANGES] === '1';

/** Whether a test that needs a change to the system runs, is skipped, or fails saying why. */
export interface SystemChange {
  /** The reason the machine cannot make the change (not root), for `skipIf` and the title; false when it can. */
  skip: string | false;
  /** Throws, failing the calling test, when the run opted out of system changes. */
  refuse(): void;
}

/**
 * A test's change to the system (`change`: "mounts a tmpfs"), with `probe` saying why this machine cannot make
 * it. Where the run opted out the probe is not tried, and the test fails rather than skip, so that a run which
 * passes is one in which every test ran.
 */
export function systemChange(change: string, probe: () => string | false): SystemChange {
  if (!refusing) return { skip: probe(), refuse: () => undefined };
  return {
    skip: false,
    refuse() {
      throw new Error(
        `This test ${change}, which ${NO_SYSTEM_CHANGES}=1 turns off: unset it to run the test`,
      );
    },
  };
}

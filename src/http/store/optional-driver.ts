import { isMissingModule } from '../../core/missing-module.js';

/** A database driver the user chose (by `DATABASE_URL` or the embedded default) that is not installed. */
export class MissingDriver extends Error {
  override readonly name = 'MissingDriver';

  constructor(
    readonly packageName: string,
    purpose: string,
  ) {
    super(`${purpose} needs the package ${packageName}: install it with \`npm install ${packageName}\`.`);
  }
}

/**
 * Loads an optional peer dependency on first use, so that importing the validators never loads database code;
 * a missing package becomes one sentence that names it, not a stack trace.
 */
export async function importDriver<Module>(
  packageName: string,
  purpose: string,
  load: () => Promise<Module>,
): Promise<Module> {
  try {
    return await load();
  } catch (error) {
    if (isMissingModule(error)) throw new MissingDriver(packageName, purpose);
    throw error;
  }
}

/** Raised once at boot when the environment does not describe a runnable app. */
export class ConfigValidationError extends Error {
  constructor(
    readonly appName: string,
    readonly problems: readonly string[],
  ) {
    super(`${appName}: invalid configuration\n${problems.map((p) => `  - ${p}`).join('\n')}`);
    this.name = 'ConfigValidationError';
  }
}

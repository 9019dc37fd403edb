/** The unified arguments of a launch or attach, as the template sees them. Hooks may add to them. */
export type TemplateVars = Record<string, unknown> & {
  program?: string;
  module?: string;
  cwd: string;
  env?: Record<string, string>;
  adapterArgs?: Record<string, unknown>;
};

/** What a profile needs that a JSON template cannot say. One small module per profile, if any. */
export interface ProfileHooks {
  /** Called before the launch template is filled; may add variables. */
  prepareLaunch?(vars: TemplateVars): void | Promise<void>;
}

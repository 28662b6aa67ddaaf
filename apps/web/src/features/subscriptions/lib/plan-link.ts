/**
 * `/pensiones/{uuid}` names a pass or a plan; a plan list's links carry this navigation state so
 * the screen asks for the plan at once instead of first looking the uuid up as a pass.
 */
export const PLAN_LINK_STATE = { plan: true } as const;

export const isPlanLink = (state: unknown): boolean =>
  typeof state === "object" && state !== null && (state as { plan?: unknown }).plan === true;

// When attacks change status on their own: the server's clock moves them from the
// database, a bot claims the ones it will send and reports each. One place for the times involved.

/** An attack is due (a bot should have it, or the player is asked) this long before its send time. */
export const ATTACK_DUE_LEAD_MS = 60_000;
/** A due attack nobody claimed expires this long after its send time. */
export const ATTACK_EXPIRE_GRACE_MS = 10_000;
/** A claimed attack whose bot never reported expires this long after its send time (a report still wins). */
export const ATTACK_CLAIMED_EXPIRE_MS = 5 * 60_000;
/** A bot may still claim an attack whose send time passed this recently (a late claim sends at once). */
export const ATTACK_CLAIM_LATE_MS = 1_000;
/** How often the server's attack clock runs. */
export const ATTACK_CLOCK_INTERVAL_MS = 1_000;

/** Noble trains: nobles from one village landing this far apart (the form's default and bounds). */
export const NOBLE_TRAIN_SPACING_DEFAULT_MS = 100;
export const NOBLE_TRAIN_SPACING_MIN_MS = 50;
export const NOBLE_TRAIN_SPACING_MAX_MS = 1_000;
export const NOBLE_TRAIN_MAX = 5;

export const attackExecutionMessages = {
  missed: "Die Abschickzeit war schon vorbei, als der Bot den Angriff bekam.",
  notReported: "Der Bot hat nicht gemeldet, ob der Angriff geschickt wurde.",
} as const;

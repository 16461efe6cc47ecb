/** Password bounds (NIST SP 800-63B: length only, no composition rules; common ones refused). */
export const PASSWORD_MIN = 8;
export const PASSWORD_MAX = 128;

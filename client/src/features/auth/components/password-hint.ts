/** Under a new password: the length rule, and what the server's strength check likes. */
export const PASSWORD_HINT = "At least 8 characters and hard to guess: a few uncommon words work well.";

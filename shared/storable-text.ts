// Text PostgreSQL cannot store, refused alike by the forms, the API and CSV import:
// U+0000, which a text column rejects outright, and
// lone UTF-16 surrogates, which UTF-8 cannot encode (the driver would silently store U+FFFD).

const LONE_SURROGATE = /[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

export const isStorableText = (text: string): boolean => !text.includes("\u0000") && !LONE_SURROGATE.test(text);

export const unstorableMessage = (field: string) => `${field} contains a character that can't be stored`;

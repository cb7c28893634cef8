// The test suite's fixed secrets, apart from test-app.ts: a test file that needs only these (one
// that spawns servers on their own data folders) then names nothing that reaches PostgreSQL, and
// the PostgreSQL pass does not run it again (database-test-files.ts).
export const TEST_PASSWORD = "correct horse battery";
export const TEST_SCRYPT_COST = 12;
export const TEST_SECRET = "test-secret-test-secret-test-secret-0123";

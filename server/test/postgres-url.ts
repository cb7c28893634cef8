// TEST_DB_TAG names the templates apart, so that several checkouts can run their PostgreSQL suites
// side by side on one server without dropping each other's template.
export const TEST_DB_TAG = process.env.TEST_DB_TAG ? `_${process.env.TEST_DB_TAG.replace(/[^a-z0-9_]/gi, "")}` : "";
export const TEMPLATE_DB = `app_test_template${TEST_DB_TAG}`;

export function withDatabaseName(url: string, name: string): string {
  const u = new URL(url);
  u.pathname = `/${name}`;
  return u.toString();
}

// The S3 suites run against a real S3-compatible server; without one they stop at once and say
// how to start it.
export function requireS3TestEnv(config: string) {
  const missing = ["TEST_S3_ENDPOINT", "TEST_S3_ACCESS_KEY_ID", "TEST_S3_SECRET_ACCESS_KEY"].filter((v) => !process.env[v]);
  if (missing.length) {
    throw new Error(`${config} needs ${missing.join(", ")}. Start a server with \`eval "$(sudo scripts/start-swift.sh)"\`.`);
  }
}

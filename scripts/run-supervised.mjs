// Runs the server as the child of `npm start` and ties their lives together:
// signals sent to the starter reach the server, the starter exits with the server's code, and
// the server stops when the starter or whoever started it goes away.
import { spawn } from "node:child_process";
import os from "node:os";

const FORWARDED_SIGNALS = ["SIGINT", "SIGTERM", "SIGHUP"];
const PARENT_CHECK_MS = 500;

/** Spawns `command` and supervises it; the calling process exits when the child does. */
export function runSupervised(command, args, options = {}) {
  // The IPC channel closes when this process dies, however it dies (even kill -9), and the
  // server stops on that ("disconnect" in server/index.ts).
  const child = spawn(command, args, { ...options, stdio: ["inherit", "inherit", "inherit", "ipc"] });
  const stop = (signal) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
  };
  for (const signal of FORWARDED_SIGNALS) process.on(signal, () => stop(signal));

  // npm runs the script through `sh -c`, and sh dies of a SIGTERM without passing it on, so a
  // SIGTERM to npm reaches neither us nor the server. Once our parent is gone (we have been
  // handed to init), stop the server as if we had been sent SIGTERM ourselves.
  const parent = process.ppid;
  const watch = setInterval(() => {
    if (process.ppid === parent) return;
    clearInterval(watch);
    stop("SIGTERM");
  }, PARENT_CHECK_MS);
  watch.unref();

  child.on("exit", (code, signal) => {
    clearInterval(watch);
    // A child ended by a signal exits the shell way: 128 + the signal's number.
    process.exit(code ?? 128 + (os.constants.signals[signal] ?? 0));
  });
  return child;
}

// The way other screens hand the wizard a file:
// Import CSV passes on a file whose columns are not the template's, with the agent chosen there. A
// File cannot travel in a URL, and a page reload forgets it on purpose (the wizard then starts at
// choosing the file).
import { useLocation } from "wouter";

export const IMPORTS_PATH = "/imports";
export const NEW_IMPORT_PATH = "/imports/new";

/** A file another screen hands the wizard, and the agent every listing of it goes to, if one was chosen. */
export interface HandedOver {
  file: File;
  agentName?: string;
}

let handedOver: HandedOver | null = null;

/** The file another screen handed over, if any. */
export const handedOverFile = (): HandedOver | null => handedOver;

/** Forgets it once the wizard has taken it, so the next visit starts at choosing a file. */
export function forgetHandedOverFile() {
  handedOver = null;
}

/** Opens the wizard, with `file` already chosen (and its agent) when one is given. */
export function useOpenImportWizard() {
  const [, navigate] = useLocation();
  return (file?: File, options: { agentName?: string } = {}) => {
    handedOver = file ? { file, ...options } : null;
    navigate(NEW_IMPORT_PATH);
  };
}

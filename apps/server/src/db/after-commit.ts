/** Runs one after-commit effect; a failing one is logged, as nothing can undo the commit. */
export function runAfterCommit(effect: () => void): void {
  try {
    effect();
  } catch (error) {
    console.error('an after-commit effect failed', error);
  }
}

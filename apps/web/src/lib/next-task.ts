// Ends the current task, so that the browser can paint and answer input before the next step of a long piece of work.
export function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

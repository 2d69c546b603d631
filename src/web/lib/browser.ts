/** Full page loads and history steps, behind one object so tests can watch them (jsdom cannot navigate). */
export const browser = {
  assign(url: string): void {
    window.location.assign(url);
  },
  reload(): void {
    window.location.reload();
  },
  back(): void {
    window.history.back();
  },
};

/** The server side of a load run's usage probe: this process's CPU time and how many requests it answered. */
export function reportUsage(served: () => number): void {
  process.on('message', () => process.send?.({ cpu: process.cpuUsage(), served: served() }));
}

import type { Clock } from '../plugins/app/clock.js';

/** A clock that stands still until the test moves it. */
export class ManualClock implements Clock {
  private current: number;

  constructor(start: Date = new Date()) {
    this.current = start.getTime();
  }

  now(): Date {
    return new Date(this.current);
  }

  advanceSeconds(seconds: number) {
    this.current += seconds * 1000;
  }
}

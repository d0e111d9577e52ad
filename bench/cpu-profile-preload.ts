/**
 * Preloaded (`--import`) into a server the benches start: records a CPU profile from the first SIGUSR2 (the
 * bench sends it once the server is warm) until the process exits, and writes it to CPU_PROFILE_FILE (Node 20
 * refuses `--cpu-prof` in NODE_OPTIONS, and start-up would swamp the profile). Used by bench/profile-webhook.ts.
 */
import { writeFileSync } from 'node:fs';
import { Session } from 'node:inspector';

const file = process.env.CPU_PROFILE_FILE;
if (file) {
  const session = new Session();
  session.connect();
  session.post('Profiler.enable');
  session.post('Profiler.setSamplingInterval', { interval: 250 });
  process.once('SIGUSR2', () => session.post('Profiler.start'));
  // A session of this thread answers synchronously: the profile is written before the process ends.
  process.once('exit', () => {
    session.post('Profiler.stop', (error, result) => {
      if (!error) writeFileSync(file, JSON.stringify(result.profile));
    });
  });
}

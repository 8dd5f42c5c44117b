// What a verdict sounds and feels like, so the conductor need not read the screen in a crowd: tones made with
// Web Audio (no sound files to download) and a vibration. High and short for valid, a double mid tone for
// unpaid, low and long for every red verdict.
import type { Verdict } from './types.ts';

type Tone = [frequency: number, seconds: number];

const TONES: Record<'green' | 'amber' | 'red', Tone[]> = {
  green: [
    [1320, 0.09],
    [1760, 0.12],
  ],
  amber: [
    [660, 0.16],
    [660, 0.16],
  ],
  red: [
    [220, 0.35],
    [180, 0.45],
  ],
};

const VIBRATIONS = { green: [80], amber: [150, 80, 150], red: [400, 120, 400] };

export const colourOf = (verdict: Verdict): 'green' | 'amber' | 'red' =>
  verdict === 'valid' ? 'green' : verdict === 'unpaid' ? 'amber' : 'red';

let audio: AudioContext | undefined;

/** Call from a tap or key press: browsers allow sound only after one. */
export function unlockSound() {
  try {
    audio ??= new AudioContext();
    if (audio.state === 'suspended') void audio.resume();
  } catch {
    // No Web Audio here: vibration and colour remain.
  }
}

export function signal(verdict: Verdict) {
  const colour = colourOf(verdict);
  try {
    navigator.vibrate?.(VIBRATIONS[colour]);
  } catch {
    // Vibration refused (no gesture yet, or none on this device).
  }
  if (!audio || audio.state !== 'running') return;
  let at = audio.currentTime + 0.01;
  for (const [frequency, seconds] of TONES[colour]) {
    const oscillator = audio.createOscillator();
    const gain = audio.createGain();
    oscillator.type = colour === 'red' ? 'sawtooth' : 'square';
    oscillator.frequency.value = frequency;
    gain.gain.setValueAtTime(0.25, at);
    gain.gain.exponentialRampToValueAtTime(0.001, at + seconds);
    oscillator.connect(gain).connect(audio.destination);
    oscillator.start(at);
    oscillator.stop(at + seconds);
    at += seconds + 0.05;
  }
}

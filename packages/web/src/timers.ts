/**
 * The running timers of this browser: kept in localStorage (so they survive a reload and are
 * shared by the app's tabs), ticking once a second, ringing with a sound and a notification.
 */
import { useEffect, useState } from 'preact/hooks';
import { t } from './i18n';
import * as list from './timer-list';
import type { Timer } from './timer-list';

const KEY = 'larder.timers';
const subscribers = new Set<(timers: Timer[]) => void>();
let timers: Timer[] = read();
let ticking: number | null = null;

function read(): Timer[] {
  try {
    return list.parseTimers(localStorage.getItem(KEY));
  } catch {
    return [];
  }
}

function write(next: Timer[]): void {
  timers = next;
  try {
    localStorage.setItem(KEY, JSON.stringify(next));
  } catch {
    // Private mode or a full storage: the timers still run in this page.
  }
  for (const subscriber of subscribers) subscriber(timers);
  schedule();
}

function schedule(): void {
  const running = timers.some((timer) => timer.endsAt !== null && !timer.rang);
  if (running && ticking === null) ticking = window.setInterval(tick, 1000);
  if (!running && ticking !== null) {
    clearInterval(ticking);
    ticking = null;
  }
}

function tick(): void {
  const now = Date.now();
  const ringing = list.due(timers, now);
  if (ringing.length > 0) {
    write(
      list.markRang(
        timers,
        ringing.map((timer) => timer.id),
      ),
    );
    for (const timer of ringing) ring(timer);
  } else {
    for (const subscriber of subscribers) subscriber(timers);
  }
}

export function startTimer(label: string, seconds: number, recipePath: string): void {
  askForNotifications();
  const id = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 8)}`;
  write(list.startTimer(timers, { id, label, seconds, recipePath }, Date.now()));
}

export const pauseTimer = (id: string) => write(list.pause(timers, id, Date.now()));
export const resumeTimer = (id: string) => write(list.resume(timers, id, Date.now()));
export const removeTimer = (id: string) => write(list.remove(timers, id));

/** The timers, re-rendered every second while one runs. */
export function useTimers(): Timer[] {
  const [state, setState] = useState(timers);
  useEffect(() => {
    const update = (next: Timer[]) => setState([...next]);
    subscribers.add(update);
    schedule();
    tick();
    return () => {
      subscribers.delete(update);
    };
  }, []);
  return state;
}

// Another tab started or stopped a timer.
if (typeof window !== 'undefined') {
  addEventListener('storage', (event) => {
    if (event.key !== KEY) return;
    timers = read();
    for (const subscriber of subscribers) subscriber(timers);
    schedule();
  });
}

function askForNotifications(): void {
  if (typeof Notification === 'undefined' || Notification.permission !== 'default') return;
  void Notification.requestPermission().catch(() => undefined);
}

let audio: AudioContext | null = null;

function ring(timer: Timer): void {
  const text = t('timerDone', { label: timer.label });
  try {
    if (typeof Notification !== 'undefined' && Notification.permission === 'granted' && document.hidden)
      new Notification(text, { tag: timer.id, requireInteraction: true });
  } catch {
    // Some phones allow notifications only from a service worker; the sound and the bar still tell.
  }
  beep();
  if ('vibrate' in navigator) navigator.vibrate?.([300, 150, 300, 150, 300]);
}

/** Three short tones, made on the spot (no sound file to fetch). */
function beep(): void {
  try {
    audio ??= new AudioContext();
    const start = audio.currentTime;
    for (let i = 0; i < 3; i++) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.frequency.value = 880;
      gain.gain.setValueAtTime(0.0001, start + i * 0.4);
      gain.gain.exponentialRampToValueAtTime(0.3, start + i * 0.4 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + i * 0.4 + 0.3);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + i * 0.4);
      oscillator.stop(start + i * 0.4 + 0.32);
    }
  } catch {
    // No audio (autoplay rules): the bar shows it rang.
  }
}

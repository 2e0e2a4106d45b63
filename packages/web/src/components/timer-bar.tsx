import { useLayoutEffect, useRef } from 'preact/hooks';
import { t } from '../i18n';
import { clock } from '../step-text';
import { secondsLeft } from '../timer-list';
import { pauseTimer, removeTimer, resumeTimer, useTimers } from '../timers';

/**
 * Every running timer, at the bottom of every screen: several at once, each with its name. Its
 * height, whatever the number of timers, is `--timers-height` on the page's root: the page makes room
 * for it below its end and the bars that stick to the bottom (the editor's Save) sit above it.
 */
export function TimerBar({ large = false }: { large?: boolean }) {
  const timers = useTimers();
  const bar = useRef<HTMLElement>(null);
  const shown = timers.length > 0;
  useLayoutEffect(() => {
    const element = bar.current;
    if (!element) return;
    const root = document.documentElement;
    const measure = () =>
      root.style.setProperty('--timers-height', `${element.getBoundingClientRect().height}px`);
    measure();
    const observer = new ResizeObserver(measure);
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--timers-height');
    };
  }, [shown]);
  if (!shown) return null;
  const now = Date.now();
  return (
    <section ref={bar} class={`timers${large ? ' timers-large' : ''}`} aria-label={t('timers')}>
      <ul>
        {timers.map((timer) => {
          const left = secondsLeft(timer, now);
          return (
            <li key={timer.id} class={timer.rang ? 'timer rang' : 'timer'}>
              <a class="timer-label" href={timer.recipePath}>
                {timer.label}
              </a>
              {/* The clock and its buttons stay together: on the name's line, or all below it. */}
              <span class="timer-controls">
                <span
                  class="timer-clock"
                  role={timer.rang ? 'alert' : undefined}
                  aria-live={timer.rang ? 'assertive' : 'off'}
                >
                  {timer.rang ? t('timeUp') : clock(left)}
                </span>
                {!timer.rang &&
                  (timer.endsAt === null ? (
                    <button type="button" onClick={() => resumeTimer(timer.id)}>
                      {t('resumeTimer')}
                    </button>
                  ) : (
                    <button type="button" onClick={() => pauseTimer(timer.id)}>
                      {t('pauseTimer')}
                    </button>
                  ))}
                <button
                  type="button"
                  onClick={() => removeTimer(timer.id)}
                  aria-label={`${timer.rang ? t('dismiss') : t('removeTimer')}: ${timer.label}`}
                >
                  {timer.rang ? t('dismiss') : '×'}
                </button>
              </span>
            </li>
          );
        })}
      </ul>
    </section>
  );
}

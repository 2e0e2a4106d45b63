import { t } from '../i18n';
import { clock } from '../step-text';
import { secondsLeft } from '../timer-list';
import { pauseTimer, removeTimer, resumeTimer, useTimers } from '../timers';

/** Every running timer, at the bottom of every screen: several at once, each with its name. */
export function TimerBar({ large = false }: { large?: boolean }) {
  const timers = useTimers();
  if (timers.length === 0) return null;
  const now = Date.now();
  return (
    <section class={`timers${large ? ' timers-large' : ''}`} aria-label={t('timers')}>
      <ul>
        {timers.map((timer) => {
          const left = secondsLeft(timer, now);
          return (
            <li key={timer.id} class={timer.rang ? 'timer rang' : 'timer'}>
              <a class="timer-label" href={timer.recipePath}>
                {timer.label}
              </a>
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
            </li>
          );
        })}
      </ul>
    </section>
  );
}

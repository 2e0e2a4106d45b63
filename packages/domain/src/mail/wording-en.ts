import { wholeUnits } from './durations.js';
import type { MailLanguage } from './mail-language.js';

const UNITS = {
  day: ['one day', 'days'],
  hour: ['one hour', 'hours'],
  minute: ['one minute', 'minutes'],
} as const;

const IF_NOT_YOU = 'If you did not ask for this, ignore this mail.';

export const ENGLISH: MailLanguage = {
  mails: {
    invitation: {
      subject: 'Your invitation to Larder',
      lead: [
        'Hello,',
        "{inviter} has invited you to the household's recipe collection on Larder at {site}.",
        'Your username is {username}. Choose a password to sign in:',
      ],
      action: 'Choose your password',
      notes: ['This link is valid for {validity}. After that, ask {inviter} for a new one.'],
    },
    passwordReset: {
      subject: 'Reset your Larder password',
      lead: [
        'Hello,',
        'Someone asked to reset the password of the account {username} on Larder at {site}. If that was you, choose a new password here:',
      ],
      action: 'Choose a new password',
      notes: [
        'This link is valid for {validity} and works only once. A new password signs you out on all other devices.',
        `${IF_NOT_YOU} Your password stays as it is.`,
      ],
    },
    passwordResetHint: {
      subject: 'Signing in to Larder',
      lead: [
        'Hello,',
        'Someone asked to reset the password of the account {username} on Larder at {site}.',
        'This account has no password: you sign in with {provider}. Open Larder and choose {provider} on the sign-in page.',
      ],
      action: 'Open Larder',
      notes: [IF_NOT_YOU],
    },
    addressConfirmation: {
      subject: 'Confirm your email address for Larder',
      lead: [
        'Hello,',
        'Please confirm that {address} is the email address of the account {username} on Larder at {site}:',
      ],
      action: 'Confirm this address',
      notes: ['This link is valid for {validity}.', 'If you did not enter this address, ignore this mail.'],
    },
    test: {
      subject: 'Test mail from Larder',
      lead: [
        'Hello,',
        'This is a test mail from Larder at {site}. If you can read it, mail works: invitations, password resets and address confirmations can be sent.',
      ],
      notes: [],
    },
  },
  linkFallback: 'If the button does not work, copy this address into your browser:',
  signature: 'Sent by Larder at {site}',
  duration(ms) {
    const { count, unit } = wholeUnits(ms);
    return count === 1 ? UNITS[unit][0] : `${count} ${UNITS[unit][1]}`;
  },
};

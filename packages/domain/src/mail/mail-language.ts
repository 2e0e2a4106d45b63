/** The words of one kind of mail; `{name}` marks where a value goes. */
export interface MailWording {
  /** Fixed words only: a subject is a header, and no value may bring a line break into it. */
  subject: string;
  /** Paragraphs above the button. */
  lead: string[];
  /** The button's label; a mail without one has no button. */
  action?: string;
  /** Smaller print below the button: how long the link works, what to do with an unexpected mail. */
  notes: string[];
}

export type MailKind = 'invitation' | 'passwordReset' | 'passwordResetHint' | 'addressConfirmation' | 'test';

/** Everything a mail says, in one language. */
export interface MailLanguage {
  mails: Record<MailKind, MailWording>;
  /** Above the link written out in full, for readers whose button does nothing. */
  linkFallback: string;
  /** The last line of every mail, naming Larder and the household's address (`{site}`). */
  signature: string;
  /** How long a link stays valid, in words: "7 days", "one hour". */
  duration(ms: number): string;
}

import { avatarUrl } from '../api';
import type { Person } from '../api';

/** A member's picture, or their initial on their colour. */
export function PersonBadge({
  person,
  size = 32,
  decorative = false,
}: {
  person: Person;
  size?: number;
  decorative?: boolean;
}) {
  const url = avatarUrl(person);
  const label = decorative ? '' : person.displayName;
  if (url)
    return (
      <img class="badge" src={url} width={size} height={size} alt={label} loading="lazy" decoding="async" />
    );
  const initial = Array.from(person.displayName.trim() || person.username)[0]?.toUpperCase() ?? '?';
  return (
    <span
      class={`badge badge-${person.color}`}
      style={{ width: `${size}px`, height: `${size}px`, fontSize: `${Math.round(size * 0.5)}px` }}
      role={decorative ? undefined : 'img'}
      aria-label={decorative ? undefined : label}
      aria-hidden={decorative ? 'true' : undefined}
    >
      {initial}
    </span>
  );
}

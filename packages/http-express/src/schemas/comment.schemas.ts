import { COMMENT_BODY_MAX, COMMENT_BODY_MIN } from '@larder/domain';
import { arrayOf, bool, dateTime, int, named, nullable, object, ref, str } from './json-schema.js';
import type { SchemaRegistry } from './schema-registry.js';
import { schemaUrlProperty } from './common.schemas.js';

export const commentIdParam = {
  schema: int({ format: 'int64' }),
  description: 'The comment, by its numeric id',
};

export const CommentBodyInput = named(
  'CommentBody',
  object(
    {
      $schema: schemaUrlProperty,
      body: str({
        description:
          `Plain text, ${COMMENT_BODY_MIN} to ${COMMENT_BODY_MAX} characters (Unicode code points) after trimming ` +
          'and turning CRLF/CR line ends into LF; no control characters other than line feed and tab, no ' +
          'bidirectional overrides, not only invisible characters',
      }),
    },
    ['body'],
  ),
);

export const MarkSeenInputBody = named(
  'MarkSeenInputBody',
  object(
    {
      $schema: schemaUrlProperty,
      upTo: int({
        format: 'int64',
        minimum: 0,
        description:
          "The highest comment id the page showed; the caller's mark is raised to it, never past the recipe's newest comment and never lowered",
      }),
    },
    ['upTo'],
  ),
);

export function defineCommentSchemas(registry: SchemaRegistry): void {
  registry.define(
    'Comment',
    object(
      {
        $schema: schemaUrlProperty,
        id: int({ format: 'int64', description: 'Grows with every comment; never given out twice' }),
        author: { ...ref('Person'), description: 'Who wrote it; absent once their account was deleted' },
        body: str({ description: 'Plain text' }),
        createdAt: dateTime(),
        editedAt: nullable(dateTime({ description: 'When the author last changed the text' })),
        canEdit: bool({ description: 'The caller wrote it' }),
        canDelete: bool({ description: 'The caller wrote it, or is an admin or the owner' }),
        new: bool({
          description:
            "Written by somebody else after the caller last marked the recipe's comments seen; " +
            "only ever true for the recipe's author and members with a comment on it",
        }),
      },
      ['id', 'body', 'createdAt', 'editedAt', 'new', 'canEdit', 'canDelete'],
    ),
  );
  registry.define(
    'CommentList',
    object({ $schema: schemaUrlProperty, comments: nullable(arrayOf(ref('Comment'))) }, ['comments']),
  );
  registry.define(CommentBodyInput.name, CommentBodyInput.schema);
  registry.define(MarkSeenInputBody.name, MarkSeenInputBody.schema);
}

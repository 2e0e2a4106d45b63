/**
 * An example of every JSON request body, by its schema's name: what the API reference shows and
 * "try it" starts from. A test checks that each one is valid for its schema, and that no JSON body
 * goes without one.
 */
export const REQUEST_EXAMPLES: Record<string, unknown> = {
  LoginInputBody: { username: 'anna', password: 'a long secret phrase' },
  ChangePasswordInputBody: {
    currentPassword: 'a long secret phrase',
    password: 'an even longer secret phrase',
  },
  UpdateProfileInputBody: { displayName: 'Anna Berg', color: 'teal', locale: 'de' },
  SetupTokenBody: { token: 'Vq8xH3mC1kP0sYt7bN2eLw9uZr4aFj6D' },
  SetupRedemption: { token: 'Vq8xH3mC1kP0sYt7bN2eLw9uZr4aFj6D', password: 'a long secret phrase' },
  CreateInputBody: { username: 'ben', role: 'user', displayName: 'Ben', email: 'ben@example.org' },
  UpdateInputBody: { role: 'admin', canSharePublicly: true },
  IssueSetupLinkInputBody: { mail: true, email: 'ben@example.org' },
  CommentBody: { body: 'Made this on Sunday: half the chilli was plenty for the children.' },
  MarkSeenInputBody: { upTo: 42 },
  DraftInputBody: { url: 'https://www.example.org/recipes/lentil-soup' },
  CoverInput: { imageId: '0190d2f4-9c1b-7a55-8e6d-2f3b4c5d6e7f' },
  OrderInput: { imageIds: ['0190d2f4-9c1b-7a55-8e6d-2f3b4c5d6e7f', '0190d2f5-1a2b-7c3d-8e4f-5a6b7c8d9e0f'] },
  ConfigBody: {
    host: 'smtp.example.org',
    port: 587,
    security: 'starttls',
    from: 'recipes@example.org',
    fromName: 'Our recipes',
    username: 'recipes@example.org',
    password: 'the mailbox password',
  },
  TestInputBody: { to: 'anna@example.org' },
  ForgotInputBody: { login: 'anna' },
  ConfirmInputBody: { token: 'Vq8xH3mC1kP0sYt7bN2eLw9uZr4aFj6D' },
  Input: {
    title: 'Lentil soup',
    description: 'A warming soup for cold evenings.',
    servings: 4,
    prepMinutes: 10,
    cookMinutes: 35,
    sourceUrl: 'https://www.example.org/recipes/lentil-soup',
    tags: ['soup', 'vegetarian'],
    ingredientGroups: [
      {
        name: null,
        ingredients: [
          { quantity: 200, unit: 'g', name: 'red lentils', note: null },
          { quantity: 1, unit: null, name: 'onion', note: 'chopped' },
          { quantity: 1, unit: 'l', name: 'vegetable stock', note: null },
        ],
      },
    ],
    steps: [
      {
        text: 'Soften the onion for 5 minutes.',
        references: [{ groupName: null, ingredientName: 'onion', word: 'onion' }],
        times: [{ phrase: '5 minutes', seconds: 300 }],
      },
      {
        text: 'Add the lentils and the stock and simmer for 25-30 minutes.',
        references: [
          { groupName: null, ingredientName: 'red lentils', word: 'lentils' },
          { groupName: null, ingredientName: 'vegetable stock', word: 'stock' },
        ],
        times: [{ phrase: '25-30 minutes', seconds: 1500, maxSeconds: 1800 }],
      },
    ],
    editPolicy: 'default',
  },
  UpdateSettingsInputBody: { publicShares: true, publicShareDefaultDays: 30, linkPreviews: true },
  CreateShareInputBody: { days: 30 },
  CreateInputBody1: { name: 'Kitchen tablet', scopes: ['recipes:read', 'recipes:write'], expiresInDays: 365 },
  ExportInputBody: { recipeIds: ['0190d2f4-9c1b-7a55-8e6d-2f3b4c5d6e7f'] },
};

/**
 * The English `messages` namespace ships only the sentences that read otherwise than their key: every other English
 * message is its own key, which translateMessage answers as its default value. So the English bundle the sign-in page
 * loads does not carry every server and schema message twice (the sign-in page's 300 kB budget;
 * the rental screens added some 30 messages). test/unit/web-i18n-english-messages.test.ts checks this against en.json.
 */
export const ENGLISH_MESSAGES_THAT_DIFFER: Record<string, string> = {
  'Access Denied.': 'Access denied.',
  'Internal Server Error': 'Internal server error',
};

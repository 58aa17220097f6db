/** A message attribute as SNS Publish carries it. */
export interface MessageAttribute {
  DataType: string;
  StringValue?: string;
}

type PolicyRule = string | number | { prefix: string } | { 'anything-but': unknown } | { exists: boolean };

/**
 * SNS subscription filter policies on message attributes (the default scope), for what our subscriptions use:
 * every key of the policy must match; a key matches when any of its rules matches the attribute's value (exact
 * string or number, prefix, anything-but, exists). A String.Array attribute matches when any element does.
 * An empty or missing policy accepts every message.
 */
export function matchesFilterPolicy(policyJson: string | undefined, attributes: Record<string, MessageAttribute>) {
  if (!policyJson) return true;
  const policy = JSON.parse(policyJson) as Record<string, PolicyRule[]>;
  return Object.entries(policy).every(([key, rules]) => {
    const attribute = attributes[key];
    return rules.some((rule) => {
      if (typeof rule === 'object' && 'exists' in rule) return rule.exists === (attribute !== undefined);
      if (!attribute) return false;
      return valuesOf(attribute).some((value) => matchesRule(rule, value));
    });
  });
}

function valuesOf(attribute: MessageAttribute): (string | number)[] {
  const raw = attribute.StringValue ?? '';
  if (attribute.DataType === 'String.Array') {
    try {
      const parsed = JSON.parse(raw) as unknown;
      return Array.isArray(parsed) ? parsed.filter((v) => typeof v === 'string' || typeof v === 'number') : [];
    } catch {
      return [];
    }
  }
  return attribute.DataType.startsWith('Number') ? [Number(raw)] : [raw];
}

function matchesRule(rule: PolicyRule, value: string | number): boolean {
  if (typeof rule !== 'object') return rule === value;
  if ('prefix' in rule) return typeof value === 'string' && value.startsWith(rule.prefix);
  if ('anything-but' in rule) {
    const excluded = rule['anything-but'];
    return !(Array.isArray(excluded) ? excluded : [excluded]).includes(value);
  }
  return false;
}

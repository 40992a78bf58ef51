export const TARGET_TYPES = ['ALL_MEMBERS', 'ROLE', 'SPECIFIC_USER'] as const;
export const ROLES = ['OWNER', 'ADMIN', 'MANAGER', 'MEMBER', 'GUEST'] as const;

export interface NotificationFormValues {
  title: string;
  body: string;
  targetType: (typeof TARGET_TYPES)[number];
  targetRole?: string;
  targetUserId?: string;
  membersOnly?: boolean;
}

/** Field problems of the form before sending (keys of adminContent's `communication.errors`). */
export function checkNotification(values: NotificationFormValues): Record<string, string> {
  const errors: Record<string, string> = {};
  if (!values.title.trim()) errors['title'] = 'required';
  else if (values.title.trim().length > 200) errors['title'] = 'tooLong';
  if (!values.body.trim()) errors['body'] = 'required';
  if (values.targetType === 'ROLE' && !values.targetRole) errors['targetRole'] = 'required';
  if (values.targetType === 'SPECIFIC_USER' && !/^[0-9a-f-]{36}$/i.test((values.targetUserId ?? '').trim())) errors['targetUserId'] = 'userId';
  return errors;
}

/** The send body: the target's own field only; members-only content marked in `data` (never pushed to guests). */
export function notificationBody(values: NotificationFormValues) {
  return {
    title: values.title.trim(),
    body: values.body.trim(),
    targetType: values.targetType,
    ...(values.targetType === 'ROLE' ? { targetRole: values.targetRole } : {}),
    ...(values.targetType === 'SPECIFIC_USER' ? { targetUserId: values.targetUserId?.trim() } : {}),
    ...(values.membersOnly ? { data: { membersOnly: true } } : {}),
  };
}

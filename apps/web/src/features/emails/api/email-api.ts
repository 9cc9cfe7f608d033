import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  type AutomationInput,
  automationResponseSchema,
  automationsResponseSchema,
  type Channel,
  type EmailListQuery,
  emailDetailSchema,
  emailListResponseSchema,
  type MessagingSettings,
  messagingSettingsSchema,
  type ORDER_SEND_TEMPLATES,
  orderMessagesResponseSchema,
  orderSendResponseSchema,
  renderedMessageSchema,
  type TemplateKey,
  templateResponseSchema,
  templatesResponseSchema,
  testSentSchema,
  weekPreviewSchema,
} from '@tentpole/domain';
import { z } from 'zod';
import { apiFetch } from '@/lib/api-client';

/** Every e-mails query sits under 'emails', so a save can refresh what it touches. */
export const emailQueryKeys = {
  all: ['emails'] as const,
  templates: () => [...emailQueryKeys.all, 'templates'] as const,
  automations: () => [...emailQueryKeys.all, 'automations'] as const,
  week: () => [...emailQueryKeys.all, 'week'] as const,
  settings: () => [...emailQueryKeys.all, 'settings'] as const,
  messages: (query: Partial<EmailListQuery>) => [...emailQueryKeys.all, 'messages', query] as const,
  message: (id: string) => [...emailQueryKeys.all, 'message', id] as const,
  order: (orderId: string) => [...emailQueryKeys.all, 'order', orderId] as const,
};

const enc = encodeURIComponent;

export function useTemplates() {
  return useQuery({
    queryKey: emailQueryKeys.templates(),
    queryFn: async () =>
      (await apiFetch('/api/email/templates', templatesResponseSchema)).templates,
  });
}

export type TemplateDraft = { subject: string; body: string };

export function useSaveTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ key, draft }: { key: TemplateKey; draft: TemplateDraft }) =>
      (
        await apiFetch(`/api/email/templates/${enc(key)}`, templateResponseSchema, {
          method: 'PUT',
          json: draft,
        })
      ).template,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailQueryKeys.templates() }),
  });
}

export function useResetTemplate() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (key: TemplateKey) =>
      (
        await apiFetch(`/api/email/templates/${enc(key)}`, templateResponseSchema, {
          method: 'DELETE',
        })
      ).template,
    retry: false,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailQueryKeys.templates() }),
  });
}

/** The template as typed, filled from an order (or the fields' examples); kept while typing. */
export function useTemplatePreview(
  key: TemplateKey | null,
  draft: TemplateDraft,
  orderId: string | null,
) {
  return useQuery({
    queryKey: [...emailQueryKeys.templates(), 'preview', key, draft, orderId],
    enabled: key !== null && draft.subject.trim() !== '' && draft.body.trim() !== '',
    placeholderData: keepPreviousData,
    retry: false,
    queryFn: async () =>
      apiFetch(`/api/email/templates/${enc(key ?? '')}/preview`, renderedMessageSchema, {
        method: 'POST',
        json: { ...draft, orderId },
      }),
  });
}

export function useSendTest() {
  return useMutation({
    mutationFn: async ({
      key,
      draft,
      orderId,
    }: {
      key: TemplateKey;
      draft: TemplateDraft;
      orderId: string | null;
    }) =>
      apiFetch(`/api/email/templates/${enc(key)}/test`, testSentSchema, {
        method: 'POST',
        json: { ...draft, orderId },
      }),
    retry: false,
  });
}

export function useAutomations() {
  return useQuery({
    queryKey: emailQueryKeys.automations(),
    queryFn: async () =>
      (await apiFetch('/api/email/automations', automationsResponseSchema)).automations,
  });
}

function useRefreshAutomations() {
  const queryClient = useQueryClient();
  return () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: emailQueryKeys.automations() }),
      queryClient.invalidateQueries({ queryKey: emailQueryKeys.week() }),
      queryClient.invalidateQueries({ queryKey: [...emailQueryKeys.all, 'messages'] }),
    ]);
}

export function useSaveAutomation() {
  const refresh = useRefreshAutomations();
  return useMutation({
    mutationFn: async ({ id, input }: { id: string | null; input: AutomationInput }) =>
      (
        await apiFetch(
          id ? `/api/email/automations/${enc(id)}` : '/api/email/automations',
          automationResponseSchema,
          { method: id ? 'PUT' : 'POST', json: input },
        )
      ).automation,
    retry: false,
    onSuccess: refresh,
  });
}

export function useDeleteAutomation() {
  const refresh = useRefreshAutomations();
  return useMutation({
    mutationFn: async (id: string) =>
      apiFetch(`/api/email/automations/${enc(id)}`, z.unknown(), { method: 'DELETE' }),
    retry: false,
    onSuccess: refresh,
  });
}

/** What the enabled automations would send in the next seven days. */
export function useWeekPreview() {
  return useQuery({
    queryKey: emailQueryKeys.week(),
    queryFn: async () => apiFetch('/api/email/automations/week', weekPreviewSchema),
  });
}

/** What an automation as typed would send in the next seven days. */
export function useDraftWeekPreview() {
  return useMutation({
    mutationFn: async (input: AutomationInput) =>
      apiFetch('/api/email/automations/week', weekPreviewSchema, { method: 'POST', json: input }),
    retry: false,
  });
}

export function useMessagingSettings() {
  return useQuery({
    queryKey: emailQueryKeys.settings(),
    queryFn: async () => apiFetch('/api/email/settings', messagingSettingsSchema),
  });
}

export function useSaveMessagingSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (settings: MessagingSettings) =>
      apiFetch('/api/email/settings', messagingSettingsSchema, { method: 'PUT', json: settings }),
    retry: false,
    onSuccess: (saved) => queryClient.setQueryData(emailQueryKeys.settings(), saved),
  });
}

export function useEmailList(query: {
  q?: string | undefined;
  status?: string | undefined;
  page: number;
}) {
  const params = new URLSearchParams();
  if (query.q) params.set('q', query.q);
  if (query.status) params.set('status', query.status);
  if (query.page > 1) params.set('page', String(query.page));
  const search = params.toString();
  return useQuery({
    queryKey: emailQueryKeys.messages(query as Partial<EmailListQuery>),
    placeholderData: keepPreviousData,
    queryFn: async () =>
      apiFetch(`/api/email/messages${search ? `?${search}` : ''}`, emailListResponseSchema),
  });
}

export function useEmail(id: string | null) {
  return useQuery({
    queryKey: emailQueryKeys.message(id ?? ''),
    enabled: id !== null,
    queryFn: async () =>
      (await apiFetch(`/api/email/messages/${enc(id ?? '')}`, emailDetailSchema)).email,
  });
}

export function useOrderMessages(orderId: string, enabled = true) {
  return useQuery({
    queryKey: emailQueryKeys.order(orderId),
    enabled,
    queryFn: async () =>
      apiFetch(`/api/orders/${enc(orderId)}/messages`, orderMessagesResponseSchema),
  });
}

export function useMuteOrderMessages(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (muted: boolean) =>
      apiFetch(`/api/orders/${enc(orderId)}/messages/mute`, orderMessagesResponseSchema, {
        method: 'PUT',
        json: { muted },
      }),
    retry: false,
    onSuccess: (data) => queryClient.setQueryData(emailQueryKeys.order(orderId), data),
  });
}

export type SendTemplate = (typeof ORDER_SEND_TEMPLATES)[number];

export function useSendToCustomer(orderId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (input: { templateKey: SendTemplate; channel: Channel }) =>
      apiFetch(`/api/orders/${enc(orderId)}/send`, orderSendResponseSchema, {
        method: 'POST',
        json: input,
      }),
    retry: false,
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: emailQueryKeys.order(orderId) }),
        queryClient.invalidateQueries({ queryKey: ['orders', 'activity', orderId] }),
      ]),
  });
}

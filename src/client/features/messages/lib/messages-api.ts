/** The messages API for the dashboard screens and the details page's "Contact host" (answers parsed by the shared schemas). */
import {
  conversationListSchema,
  inquiryResponseSchema,
  messagePageSchema,
  sentMessageSchema,
  type InquiryRequest,
} from '#shared/schemas/messages';
import { apiRequest } from '#client/lib/api';

export { messageKeys } from './message-keys';

const json = (body: unknown): RequestInit => ({
  method: 'POST',
  headers: { 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

export async function fetchConversations(signal?: AbortSignal) {
  return (await apiRequest('/api/conversations', conversationListSchema, { signal })).data.conversations;
}

/** A page of messages, newest first; `cursor` continues with older ones. */
export async function fetchMessages(id: string, cursor: string | null, signal?: AbortSignal) {
  const query = cursor ? `?cursor=${encodeURIComponent(cursor)}` : '';
  const url = `/api/conversations/${encodeURIComponent(id)}/messages${query}`;
  return (await apiRequest(url, messagePageSchema, { signal })).data;
}

export async function sendMessage(id: string, text: string) {
  const url = `/api/conversations/${encodeURIComponent(id)}/messages`;
  return (await apiRequest(url, sentMessageSchema, json({ text }))).data;
}

export async function sendInquiry(homeId: string, body: InquiryRequest) {
  return (await apiRequest(`/api/home/${encodeURIComponent(homeId)}/inquiries`, inquiryResponseSchema, json(body)))
    .data;
}

/**
 * Web Push in the console's service worker (imported by the Workbox worker, web/vite.config.mts): shows the
 * product's message as a notification and opens its console path when the notification is clicked. The message
 * is what functions/lib/web-push/push-sender.ts sends: { title, body, url, tag }, url a path of this origin.
 */
self.addEventListener('push', (event) => {
  let message = {};
  try {
    message = event.data ? event.data.json() : {};
  } catch {
    message = { body: event.data ? event.data.text() : '' };
  }
  const title = typeof message.title === 'string' && message.title ? message.title : 'Tracking';
  const path = typeof message.url === 'string' && /^\/(?![/\\])/.test(message.url) ? message.url : '/';
  event.waitUntil(
    self.registration.showNotification(title, {
      body: typeof message.body === 'string' ? message.body : '',
      tag: typeof message.tag === 'string' && message.tag ? message.tag : undefined,
      icon: '/favicon.svg',
      data: { url: path },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = new URL(event.notification.data?.url ?? '/', self.location.origin).href;
  event.waitUntil(
    (async () => {
      const windows = await self.clients.matchAll({ type: 'window', includeUncontrolled: true });
      const open = windows.find((client) => new URL(client.url).origin === self.location.origin);
      if (open) {
        await open.focus();
        return open.navigate(target);
      }
      return self.clients.openWindow(target);
    })(),
  );
});

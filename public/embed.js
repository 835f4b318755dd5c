/*
 * RideBook embed: put this on any page of a site listed in EMBED_PARENT_ORIGINS.
 *
 *   <script src="https://book.example.co.uk/embed.js" data-path="/" async></script>
 *
 * It adds the booking app in an iframe where the script tag stands, and sizes the frame from
 * the {type:'height'} messages the app posts every 500 ms. Card payment opens at the top level
 * (Stripe Checkout refuses to run inside a frame) and the result comes back to the frame.
 * Only messages from the app's own origin and frame are read.
 */
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script || !script.src) return;
  var appOrigin = new URL(script.src).origin;
  var path = script.getAttribute('data-path') || '/';
  if (path.charAt(0) !== '/' || path.charAt(1) === '/') path = '/';

  var frame = document.createElement('iframe');
  frame.src = appOrigin + path;
  frame.title = script.getAttribute('data-title') || 'Book a taxi';
  frame.setAttribute('allow', 'geolocation; payment');
  frame.style.display = 'block';
  frame.style.width = '100%';
  frame.style.minHeight = '640px';
  frame.style.border = '0';
  script.parentNode.insertBefore(frame, script.nextSibling);

  window.addEventListener('message', function (event) {
    if (event.origin !== appOrigin || event.source !== frame.contentWindow) return;
    var data = event.data;
    if (!data || typeof data !== 'object') return;
    if (data.type === 'height' && typeof data.height === 'number' && data.height > 0) {
      frame.style.height = Math.ceil(Math.min(data.height, 100000)) + 'px';
    } else if (data.type === 'location' && typeof data.path === 'string') {
      frame.setAttribute('data-path', data.path);
      frame.dispatchEvent(new CustomEvent('ridebook:location', { detail: { path: data.path } }));
    }
  });
})();

// Quayside widget, script-tag form (docs/widget.md):
//   <script src="https://quayside.example.com/widget/v1/embed.js" data-key="qs_pk_..." data-container="<id>" async></script>
// It places the widget frame where the tag is. The frame is served by Quayside under a strict
// Content-Security-Policy that lets only the key's allowed origins embed it.
(function () {
  'use strict';
  var script = document.currentScript;
  if (!script) return;
  var base = new URL(script.src).origin;
  var params = new URLSearchParams();
  params.set('key', script.getAttribute('data-key') || '');
  var container = script.getAttribute('data-container');
  var shipment = script.getAttribute('data-shipment');
  if (container) params.set('container', container);
  if (shipment) params.set('shipment', shipment);
  var frame = document.createElement('iframe');
  frame.src = base + '/widget/v1/frame?' + params.toString();
  frame.title = script.getAttribute('data-title') || 'Container tracking';
  frame.loading = 'lazy';
  frame.referrerPolicy = 'strict-origin';
  frame.className = 'quayside-widget';
  frame.width = script.getAttribute('data-width') || '100%';
  frame.height = script.getAttribute('data-height') || '720';
  frame.setAttribute('frameborder', '0');
  script.parentNode.insertBefore(frame, script.nextSibling);
})();

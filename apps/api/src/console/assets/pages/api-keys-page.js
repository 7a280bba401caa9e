// Console page: the account's API keys; create one (shown once), revoke one.
(function () {
  'use strict';
  var C = window.QuaysideConsole;
  var h = C.h;

  function list() {
    var root = C.show('API keys');
    var name = h('input', { id: 'qc-key-name', required: 'required', maxlength: '100' });
    var form = h(
      'form',
      { class: 'qc-filter' },
      h('label', { for: 'qc-key-name', text: 'New key name' }),
      name,
      h('button', { type: 'submit', text: 'Create key' }),
    );
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      C.api('POST', '/v2/api_keys', { data: { type: 'api_key', attributes: { name: name.value } } })
        .then(function (doc) {
          list().appendChild(
            h('p', { class: 'qc-secret', role: 'status', text: 'Copy the new key now, it is shown once: ' + doc.data.attributes.key }),
          );
        })
        .catch(C.fail);
    });
    root.appendChild(form);
    C.api('GET', '/v2/api_keys')
      .then(function (doc) {
        root.appendChild(
          C.table(
            'Live keys',
            ['Name', 'Key', 'Created', 'Last used', ''],
            doc.data.map(function (k) {
              var revoke = h('button', { type: 'button', text: 'Revoke', 'aria-label': 'Revoke key ' + k.attributes.name });
              revoke.addEventListener('click', function () {
                C.api('DELETE', '/v2/api_keys/' + k.id)
                  .then(list)
                  .catch(C.fail);
              });
              return [
                k.attributes.name,
                k.attributes.masked_key,
                C.date(k.attributes.created_at),
                C.date(k.attributes.last_used_at),
                revoke,
              ];
            }),
          ),
        );
      })
      .catch(C.fail);
    return root;
  }

  C.page({ route: 'keys', nav: 'API keys', order: 40, list: list });
})();

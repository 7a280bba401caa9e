// Quayside web console (docs/console.md): the shell every page plugs into. Plain browser
// JavaScript, no framework: every view calls the REST api with the key kept in sessionStorage
// (sent as a header, never in a URL), and builds its DOM with textContent only, so no value from
// the api is ever parsed as HTML. A page is one file of pages/ that calls QuaysideConsole.page();
// the server lists those files in the page, and the navigation is built from what they register.
(function () {
  'use strict';
  var KEY = 'quayside.apiKey';
  var pages = [];

  function h(tag, attrs) {
    var el = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (name) {
      var value = attrs[name];
      if (value === null || value === undefined) return;
      if (name === 'text') el.textContent = value;
      else if (name === 'onclick') el.addEventListener('click', value);
      else el.setAttribute(name, value);
    });
    for (var i = 2; i < arguments.length; i++) {
      var child = arguments[i];
      if (child === null || child === undefined) continue;
      el.appendChild(typeof child === 'string' ? document.createTextNode(child) : child);
    }
    return el;
  }

  function api(method, path, body) {
    var headers = { authorization: 'Token ' + sessionStorage.getItem(KEY), accept: 'application/vnd.api+json' };
    if (body) headers['content-type'] = 'application/vnd.api+json';
    return fetch(path, { method: method, headers: headers, body: body ? JSON.stringify(body) : undefined }).then(function (response) {
      if (response.status === 401 && path === '/v2/account') signOut();
      if (response.status === 204) return null;
      return response.json().then(function (json) {
        if (!response.ok) {
          var detail = (json.errors || [])
            .map(function (e) {
              return e.detail || e.title;
            })
            .join(' ');
          throw new Error(response.status + ': ' + detail);
        }
        return json;
      });
    });
  }

  /** The included resources of a document by type and id: included(doc)['shipment:<id>']. */
  function included(doc) {
    var found = {};
    (doc.included || []).forEach(function (r) {
      found[r.type + ':' + r.id] = r;
    });
    return found;
  }

  function date(iso) {
    return iso ? String(iso).slice(0, 10) : '—';
  }

  // The domain's words for every event, status and journey value (libs/domain human-words.ts),
  // served by the api as words.js: no page turns a machine name into words itself.
  var W = window.QuaysideWords;

  /** The words of `value` in one of the tables of words.js, or — when there is no value. */
  function word(table, value) {
    return value !== null && value !== undefined && W[table][value] ? W[table][value] : '—';
  }

  /** Last resort for a value no table of words.js has: its parts as words, never the raw name. */
  function words(value) {
    return value ? String(value).replace(/[_.]+/g, ' ') : '—';
  }

  function eventWords(name) {
    return W.events[name] ? W.events[name].words : 'Other update';
  }

  /** The name of a journey place (port_of_discharge, inland_destination) from the shipment's attributes. */
  function placeName(place, shipment) {
    var s = shipment || {};
    var name =
      place === 'port_of_discharge' ? s.port_of_discharge_name || s.port_of_discharge_locode : s.destination_name || s.destination_locode;
    return name || W.journey_places[place];
  }

  /** Where an event happened: the place words.js says it refers to, else the location its source reported. */
  function eventPlace(name, reported, shipment) {
    var place = W.events[name] ? W.events[name].place : 'reported';
    if (place === null) return '';
    return place === 'reported' ? reported || '' : placeName(place, shipment);
  }

  // A container's journey is the api's answer (its `journey` attribute, libs/domain journeyOf); the
  // helpers below only put it in words.

  function status(a) {
    return a.journey ? W.journey_phases[a.journey.phase] : word('container_statuses', a.current_status);
  }

  function pickup(a) {
    return a.journey ? W.pickup_statuses[a.journey.pickup_status] : '—';
  }

  function lastFreeDay(a) {
    var j = a.journey;
    if (!j || !j.last_free_day) return '—';
    var left =
      j.days_left === null
        ? ''
        : j.days_left === 0
          ? ', today'
          : j.days_left > 0
            ? ', ' + j.days_left + (j.days_left === 1 ? ' day left' : ' days left')
            : ', passed ' + -j.days_left + (j.days_left === -1 ? ' day ago' : ' days ago');
    // Only the date reads as one piece; the words beside it may wrap on a phone.
    return h(
      'span',
      null,
      h('span', { class: 'qc-nowrap', text: date(j.last_free_day) }),
      ' (' + word('last_free_day_sources', j.last_free_day_source) + left + ')',
    );
  }

  function holds(a) {
    var list = a.journey ? a.journey.holds : a.holds_at_pod_terminal;
    if (list === null || list === undefined) return 'Not reported';
    return list.length
      ? list
          .map(function (x) {
            return x.name;
          })
          .join(', ')
      : 'None';
  }

  function risk(a) {
    return a.journey && a.journey.at_risk
      ? a.journey.risk_reasons
          .map(function (r) {
            return W.risk_reasons[r];
          })
          .join('; ')
      : 'No';
  }

  function link(href, text) {
    return h('a', { href: href, text: text });
  }

  /**
   * A table whose rows are lists of cells (text or nodes); `row.className` marks a row. Each cell
   * carries its column's heading, which narrow screens show beside the value (console.css).
   */
  function table(caption, headings, rows) {
    return h(
      'table',
      { class: 'qc-table' },
      h('caption', { text: caption }),
      h(
        'thead',
        null,
        h(
          'tr',
          null,
          ...headings.map(function (t) {
            return h('th', { scope: 'col', text: t });
          }),
        ),
      ),
      h(
        'tbody',
        null,
        ...rows.map(function (row) {
          return h(
            'tr',
            { class: row.className || null },
            ...row.map(function (cell, i) {
              // A date reads as one piece: "Arrived 2026-11-29" never breaks at its hyphens.
              var content = typeof cell === 'string' && /\d{4}-\d\d-\d\d/.test(cell) ? h('span', { class: 'qc-nowrap', text: cell }) : cell;
              return h('td', { 'data-label': headings[i] || null }, content || '—');
            }),
          );
        }),
      ),
    );
  }

  /** A definition list of [term, value] pairs. */
  function facts(pairs) {
    return h(
      'dl',
      { class: 'qc-facts' },
      ...pairs.map(function (f) {
        return h('div', null, h('dt', { text: f[0] }), h('dd', null, typeof f[1] === 'string' ? f[1] : f[1] || '—'));
      }),
    );
  }

  var view = document.getElementById('qc-view');
  var current = null;

  /**
   * Starts a page: a fresh element in the view, with its heading (and the tab its title), which
   * the page fills. What an earlier page's slower answers add goes to its own element, no longer
   * shown, so two quick navigations never mix.
   */
  function show(title) {
    view.textContent = '';
    current = h('div', null, h('h1', { text: title }));
    view.appendChild(current);
    document.title = title + ' · Quayside console';
    return current;
  }

  function fail(error) {
    if (current) current.appendChild(h('p', { class: 'qc-error', role: 'alert', text: error.message }));
  }

  /**
   * Registers a page: `route` (its hash, #/<route>), `nav` (its link text; none: not in the
   * navigation), `order` (of the navigation), `list(query)` for #/<route>[?q=...] and, when it has
   * one, `item(id)` for #/<route>/<id>.
   */
  function page(definition) {
    pages.push(definition);
    pages.sort(function (a, b) {
      return (a.order || 0) - (b.order || 0);
    });
  }

  var signIn = document.getElementById('qc-sign-in');
  var nav = document.getElementById('qc-nav');
  var navLinks = document.getElementById('qc-nav-links');

  function drawNav() {
    navLinks.textContent = '';
    pages
      .filter(function (p) {
        return p.nav;
      })
      .forEach(function (p) {
        navLinks.appendChild(h('li', null, link('#/' + p.route, p.nav)));
      });
  }

  function route() {
    var signedIn = !!sessionStorage.getItem(KEY);
    signIn.hidden = signedIn;
    nav.hidden = !signedIn;
    if (!signedIn) {
      view.textContent = '';
      current = null;
      document.getElementById('qc-key').focus();
      return;
    }
    var match = /^#\/([a-z_-]+)(?:\/([^?]+))?(?:\?(.*))?$/.exec(location.hash) || [];
    var chosen =
      pages.find(function (p) {
        return p.route === match[1];
      }) || pages[0];
    Array.prototype.forEach.call(navLinks.querySelectorAll('a'), function (a) {
      if (a.getAttribute('href') === '#/' + chosen.route) a.setAttribute('aria-current', 'page');
      else a.removeAttribute('aria-current');
    });
    if (match[2] && chosen.item && chosen.route === match[1]) return chosen.item(decodeURIComponent(match[2]));
    chosen.list(new URLSearchParams(match[3] || '').get('q') || '');
  }

  function signOut() {
    sessionStorage.removeItem(KEY);
    route();
  }

  function start() {
    drawNav();
    document.getElementById('qc-sign-in-form').addEventListener('submit', function (event) {
      event.preventDefault();
      var input = document.getElementById('qc-key');
      sessionStorage.setItem(KEY, input.value.trim());
      input.value = '';
      api('GET', '/v2/account')
        .then(function () {
          document.getElementById('qc-sign-in-error').textContent = '';
          route();
        })
        .catch(function (error) {
          sessionStorage.removeItem(KEY);
          document.getElementById('qc-sign-in-error').textContent = 'Sign-in failed (' + error.message + ').';
        });
    });
    document.getElementById('qc-sign-out').addEventListener('click', signOut);
    window.addEventListener('hashchange', route);
    route();
  }

  window.QuaysideConsole = {
    h: h,
    api: api,
    included: included,
    date: date,
    word: word,
    words: words,
    eventWords: eventWords,
    eventPlace: eventPlace,
    placeName: placeName,
    status: status,
    pickup: pickup,
    lastFreeDay: lastFreeDay,
    holds: holds,
    risk: risk,
    link: link,
    table: table,
    facts: facts,
    show: show,
    fail: fail,
    page: page,
    /** The API key of the session, for a script that calls the api itself (the map). */
    authorization: function () {
      return 'Token ' + sessionStorage.getItem(KEY);
    },
  };
  // The page scripts come after this one; they have all registered by the time the document is parsed.
  document.addEventListener('DOMContentLoaded', start);
})();

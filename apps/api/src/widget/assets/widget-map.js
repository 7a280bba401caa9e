// Quayside widget: draws the voyage map in the widget frame (docs/widget.md). Plain browser
// JavaScript with Leaflet, loaded from the same origin under a strict Content-Security-Policy:
// no inline code, no eval, no other hosts (except an optional tile server for images).
// The console draws its container maps with the same function (window.QuaysideMap.draw).
(function () {
  'use strict';
  if (typeof L === 'undefined') return;

  var STYLE = {
    past_vessel_locations: { color: '#0b5cad', weight: 3 },
    estimated_partial_leg: { color: '#0b5cad', weight: 2, dashArray: '6 6' },
    estimated_full_legs: { color: '#6b7785', weight: 2, dashArray: '2 6' },
  };

  /** Draws the voyage of `element`'s data-map-url over the land of data-land-url (or tiles of data-tile-url). */
  function draw(element, headers) {
    var map = L.map(element, { worldCopyJump: true, attributionControl: true, zoomSnap: 0.25 }).setView([20, 0], 1);
    var tileUrl = element.getAttribute('data-tile-url');
    if (tileUrl) {
      L.tileLayer(tileUrl, { maxZoom: 10, attribution: 'Map tiles' }).addTo(map);
    }

    function getJson(url, withHeaders) {
      return fetch(url, { credentials: 'omit', headers: withHeaders ? headers || {} : {} }).then(function (response) {
        if (!response.ok) throw new Error('HTTP ' + response.status);
        return response.json();
      });
    }

    var land = tileUrl
      ? Promise.resolve(null)
      : getJson(element.getAttribute('data-land-url')).then(function (geojson) {
          // Natural Earth land, drawn three times so the Pacific reads across the date line.
          [-360, 0, 360].forEach(function (shift) {
            L.geoJSON(geojson, {
              interactive: false,
              coordsToLatLng: function (c) {
                return L.latLng(c[1], c[0] + shift);
              },
              style: { color: '#b9c2cc', weight: 0.5, fillColor: '#e6eaee', fillOpacity: 1 },
            }).addTo(map);
          });
        });

    land
      .then(function () {
        return getJson(element.getAttribute('data-map-url'), true);
      })
      .then(function (collection) {
        // Paths continue past ±180° (a Pacific crossing the short way); ports follow them there.
        var shift = 0;
        collection.features.forEach(function (feature) {
          if (feature.geometry.type !== 'LineString') return;
          feature.geometry.coordinates.forEach(function (c) {
            if (c[0] > 180) shift = 360;
            if (c[0] < -180) shift = -360;
          });
        });
        var layer = L.geoJSON(collection, {
          coordsToLatLng: function (c) {
            var lon = c[0];
            if (shift > 0 && lon < 0) lon += 360;
            if (shift < 0 && lon > 0) lon -= 360;
            return L.latLng(c[1], lon);
          },
          style: function (feature) {
            return STYLE[feature.properties.feature_type] || { color: '#0b5cad', weight: 2 };
          },
          pointToLayer: function (feature, latlng) {
            var vessel = feature.properties.feature_type === 'current_vessel';
            return L.circleMarker(latlng, { radius: vessel ? 7 : 5, color: vessel ? '#c2410c' : '#0b5cad', fillOpacity: 0.9, weight: 2 });
          },
          onEachFeature: function (feature, item) {
            var p = feature.properties;
            var label =
              p.feature_type === 'port'
                ? (p.label ? p.label + ': ' : '') + (p.name || '')
                : p.feature_type === 'current_vessel'
                  ? 'Vessel ' + (p.vessel_name || '')
                  : null;
            if (label) item.bindTooltip(label);
          },
        }).addTo(map);
        var bounds = layer.getBounds();
        if (bounds.isValid()) map.fitBounds(bounds, { padding: [24, 24], maxZoom: 6 });
        element.setAttribute('data-state', 'ready');
      })
      .catch(function (error) {
        element.setAttribute('data-state', 'error');
        element.setAttribute('aria-label', 'The map could not be loaded (' + error.message + ').');
      });
  }

  window.QuaysideMap = { draw: draw };
  var widgetMap = document.getElementById('qs-map');
  if (widgetMap) draw(widgetMap);
})();

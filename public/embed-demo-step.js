// Shows the frame's current step on the demo host page, from embed.js's location event.
document.addEventListener(
  'ridebook:location',
  function (event) {
    var output = document.getElementById('embed-step');
    if (output) output.textContent = event.detail.path;
  },
  true,
);

<p>HTML with KEYS[1] and redis.call('x') outside the PHP tags.</p>
<?php
// Strings that are not Redis scripts stay alone.
$lua = 'local x = 1 return x';
$result = eval('return 1 + 2;'); // PHP's own eval
$doc = "use redis.call to run commands";
function eval_script($script) { return null; }
?>
<p>KEYS[2] after the closing tag.</p>

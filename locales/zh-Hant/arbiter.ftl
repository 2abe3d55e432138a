# 裁判的每一句話（繁體中文）。訊息 id 與 ../en/arbiter.ftl 相同（有測試檢查各語言一致）。

## 遊戲與按鈕

# 列舉，依 CLDR 的列表格式：兩項用 `-pair`；更多項用 `-start`（第一項與其餘）、`-middle`（一項與其餘）與 `-end`（最後兩項）。
# 句中列舉各項（走法、擋子、對局、棋手）。
list-pair = { $first }、{ $second }
list-start = { $first }、{ $second }
list-middle = { $first }、{ $second }
list-end = { $first }、{ $second }

# 摘要中的短語（對局的選項）。
list-phrase-pair = { $first }，{ $second }
list-phrase-start = { $first }，{ $second }
list-phrase-middle = { $first }，{ $second }
list-phrase-end = { $first }，{ $second }

# 時長的單位（`1天2小時`）。
list-unit-pair = { $first }{ $second }
list-unit-start = { $first }{ $second }
list-unit-middle = { $first }{ $second }
list-unit-end = { $first }{ $second }

# 照原樣輸入的代碼與記譜（遊戲代碼、走法、權限），各語言相同。
list-code-pair = { $first }, { $second }
list-code-start = { $first }, { $second }
list-code-middle = { $first }, { $second }
list-code-end = { $first }, { $second }

game-dark-fence = 暗弈分野
btn-accept = 接受
btn-decline = 拒絕
btn-confirm = 確認
btn-cancel = 撤回
btn-challenge = 質疑
btn-pass = 不質疑
btn-claim = 分野！

## 說明

help-header = 指令：
help-new = 在本頻道開一局，邀請 @某人（或任何人），或與我對弈：@bot level=1 到 6
help-accept = 接受邀請
help-decline = 拒絕邀請
help-move = 行動（含秘密行動的棋局請在與我的私訊中傳送）
help-confirm = 確認我複述的行動
help-cancel = 撤回我複述的行動
help-board = 顯示公開棋盤
help-view = 顯示你的私人視圖（以私訊傳送）；烏合之眾中 /view z x1..x2 y1..y2 顯示三維觀察
help-challenge = 質疑對方（暗弈分野兩人質疑玩法）
help-pass = 不質疑（暗弈分野）；沒有合法著法時停一手（完美十乘十）
help-claim = 宣告雙方已被分隔（暗弈分野自訂規則）；以三次重複局面要求和局（完美十乘十）
help-resign = 認輸
help-draw = 提和，或回應提和
help-takeback = 請求悔棋，或回應（含隱藏資訊的棋局不可悔棋）
help-abort = 在第一步之前取消對局
help-games = 本頻道的對局，以及所有等你行動的對局
help-rules = 遊戲規則與選項
help-help = 本列表
help-settings = 你的語言、提醒、輪到你時的通知與每日摘要
help-console-header = 本機主控台專用：
help-console-as = /as <名字>：換成另一位使用者（/as bob）
help-console-dm = /dm：你與我的私訊
help-console-channel = /channel [#頻道]：回到頻道，或換到另一個頻道
help-console-quit = /quit：離開（所有對局都會保留）
help-admin = 取消任意對局（管理員）
help-start = 開啟與我的私訊
help-press = 按下按鈕

## 拒絕

err-internal = 我這邊出了點問題。對局安全無損，請再試一次。
err-unknown-command = 我不認識 /{ $command }。請看 /help。
err-console-command = 要以誰的身分下？輸入 /as 加名字，例如 /as bob。主控台專用的指令：
err-missing = /{ $command } 需要{ $what }。請看 /help。
err-bad-argument = /{ $command } 看不懂「{ $arg }」。請看 /help。
err-bad-count = /{ $command }：{ $key }= 後面要寫從 1 起的整數，例如 { $key }=5；「{ $value }」不是。什麼也沒做。
err-line-too-long = 這一行有 { $length } 個字元；我每行最多讀 { $limit } 個字元，所以沒有處理它。請傳送短一點的訊息。
err-not-admin = 只有本群組的管理員可以這樣做。
err-start-private = 請在與我的私訊中傳送 /start。
err-game-not-yours = 你不能在對局 #{ $id } 中這樣做。
err-no-such-game = 沒有進行中的對局 #{ $id }。
err-solver-busy = 你上一個請求還在計算中；請等它有了答覆再問。
err-unresumable = 對局 #{ $id } 無法繼續：它的紀錄在目前版本的機器人上已無法重播。管理員可用 /admin abort #{ $id } 結束它。
undelivered-dropped = 有 { $count } 則發往本群組的訊息在 { $age } 內未能送達，已被捨棄。對局本身都已儲存：/games 列出對局，/board 查看棋盤。
unresumable-told = 對局 #{ $id } 無法繼續：它的紀錄在目前版本的機器人上已無法重播。此局不能再下；管理員可用 /admin abort #{ $id } 結束它。
games-line-unresumable = #{ $id } { $game }：無法繼續
err-invitations-user = 你已有 { $limit } 個未回應的邀請。請等對方回應，或用 /abort 取消一個，再發起新的邀請。
err-invitations-chat = 本頻道已有 { $limit } 個未回應的邀請。請先接受或用 /abort 取消一個，再開新局。
err-no-game-here = 你在這裡沒有適用的對局。請看 /games。
err-game-elsewhere = 你在這個聊天裡沒有適用的對局；你的對局：{ $games }。請到那裡輸入，或私訊我並寫上對局編號（如 #{ $first }）。
game-elsewhere-item = #{ $id }（{ $game }）在{ $place }
place-other-chat = 另一個聊天
err-which-game = 哪一局？請在下方選擇，或加上編號：{ $ids }。
err-group-only = 請在群組頻道中開局，而不是在私訊中。
err-unknown-game = 我不認識遊戲「{ $game }」。可選：{ $known }。
err-self-invite = 不能邀請自己。
err-options = 這些設定不可用：{ $detail }。請看 /rules。
err-position = 這不是 { $game } 能開始的局面：{ $detail }。局面的寫法見 `/rules { $game }`，要加引號：position="…"。
err-settings = 無法修改「{ $detail }」。例如：/settings language=zh-Hant notifications=off
err-no-invite = 這裡沒有給你的邀請。
err-already-started = 這局已經開始了。
err-own-invite = 這是你發出的邀請；請等待他人接受，或用 /abort 取消。
err-not-invited = 對局 #{ $id } 邀請的是別人。
err-decline-open = #{ $id } 是公開邀請，誰都可以接受，無需拒絕。想下就接受，不想下就留給別人。
err-view-not-playing = 只有 #{ $id } 的玩家才有私人視圖；/board 顯示所有人都能看到的棋盤。
err-unreachable = 我無法私訊 { $names }，而這局需要私訊。請開啟與我的私訊並傳送 /start，然後再次 /accept #{ $id }。
err-unreachable-link = 我無法私訊 { $names }，而這局需要私訊。請按下方的「{ btn-open-private }」，再按「開始」：私訊一開啟就會加入第 #{ $id } 局（或在私訊中傳送 /start，然後再次 /accept #{ $id }）。
dm-failed = 我無法再私訊 { $name }，{ $name } 沒有收到第 #{ $id } 局的一則私訊（對局不受影響）。{ $who }：請開啟與我的私訊並傳送 /start，然後傳送 /view #{ $id }。
dm-failed-link = 我無法再私訊 { $name }，{ $name } 沒有收到第 #{ $id } 局的一則私訊（對局不受影響）。{ $who }：請按下方的「{ btn-open-private }」，再按「開始」，即可重新看到你的視圖。
secret-kept = 我在這裡無權刪除訊息，你的棋步仍然人人可見：請自行刪除。之後請在私訊中把棋步傳給我。
secret-kept-link = 我在這裡無權刪除訊息，你的棋步仍然人人可見：請自行刪除。之後請在私訊中把棋步傳給我（按下方的「{ btn-open-private }」）。
btn-open-private = 開啟私訊
invitee-unmet = 我還沒見過 { $handle }，沒辦法私訊對方。{ $handle }：按上方的「接受」即可開始；想收到我的私訊，請按下方的「{ btn-open-private }」，再按「開始」。這個座位別人不能佔。
err-discord-permissions = 我無法在這個頻道主持對局：缺少權限 { $list }。伺服器管理員可在頻道設定的「權限」中授予；對局沒有建立。
tg-follows-shortly = 已收到。本群已達到 Telegram 的訊息頻率上限，我的回覆稍後送出。
perm-view-channel = 檢視頻道
perm-send-messages = 傳送訊息
perm-attach-files = 附加檔案
perm-embed-links = 嵌入連結
perm-create-public-threads = 建立公開討論串
perm-send-messages-in-threads = 在討論串中傳送訊息
err-not-a-player = 你不是這局的玩家。
err-private-only = 這個遊戲的行動是保密的：請在與我的私訊中傳送，不要發在這裡。未執行任何行動。
err-not-started = 這局還沒有開始。
err-game-over = 這局已經結束。
err-not-your-turn = 現在輪到 { $name }。
err-nothing-to-confirm = 沒有等待確認的行動。
err-stale-button = 這一手已經過去，此按鈕已失效。
err-already-played = 這一手已經走過了。
err-takeback-hidden = 含隱藏資訊的遊戲不允許悔棋。
err-offer-pending = 你已經提出過了，請等待回應。
err-no-offer = 沒有可以回應的提議。
err-nothing-to-take-back = 沒有可以悔的棋。
err-abort-started = 對局已經開始；請改用 /resign。

## 對局訊息

new-invite = { $creator } 邀請 { $opponent } 下{ $game } #{ $id }。{ $rules }{ $opponent }：/accept #{ $id }
new-open-invite = { $creator } 開了一局{ $game } #{ $id }，等待對手。{ $rules }任何人：/accept #{ $id }
invited-dm = { $creator } 邀請你下{ $game } #{ $id }。可在這裡或開局的地方接受或拒絕。
declined = { $name } 拒絕了 #{ $id }。
complete-move = 或者為 #{ $id } { $move } 選擇柵欄方向：放在終點格的哪一側？
confirm-generic = #{ $id }：執行 { $action }？
confirm-cancelled = 已撤回。準備好後請重新傳送。
draw-offered = { $name } 在 #{ $id } 提和。{ $other }：/draw accept 或 /draw decline
draw-agreed = { $name } 同意 #{ $id } 和棋。
draw-declined = { $name } 拒絕 #{ $id } 和棋。
takeback-offered = { $name } 請求在 #{ $id } 悔一步。{ $other }：/takeback accept 或 /takeback decline
takeback-agreed = { $name } 同意：#{ $id } 的上一步已撤回。
takeback-declined = { $name } 拒絕 #{ $id } 悔棋。
aborted = { $name } 取消了 #{ $id }。
games-here = 本頻道的對局：{ $count }
games-waiting = 等你行動：{ $count }
games-line = #{ $id } { $game }：{ $p1 } 對 { $p2 }，{ $state }
games-more = ……另有 { $count } 局
state-invited = 等待回應
state-to-act = 輪到 { $name }
state-over = 已結束
rules-which = 哪個遊戲？{ $known }
rules-options = 選項（/new <遊戲> 鍵=值 ...）：
rules-default = 預設
rules-table-keys = 時間：clock=correspondence|live，per_move=24h（通訊對局，1h 至 14d）或 10m（即時對局，1m 至 60m）。
rules-legend = 棋子（代號 名稱）：{ $pieces }。查看單個棋子及其走法圖：/rules { $game } <代號>。
rules-legend-title = { $game } 棋子
rules-piece = { $code } { $name }：{ $how }。圖中圓點是它能走到的格，圓圈是它能吃子的格（從空棋盤中央出發）。
rules-piece-rabble = { $code } { $name }：{ $how }。圖中它站在開局局面的 { $square }，四周是棋盤開局就擺滿的兵，紅方走棋；紅圈是它能吃的敵子，綠框是它能疊上去的己方棋子（要花分的一步），圓點是它能走到的空格，都是裁判一步之內接受的走法；它所在的格有底色。
err-no-such-piece = { $game } 沒有叫「{ $topic }」的棋子。/rules { $game } 列出所有棋子及其代號。
arg-name-topic = 主題
ul-how-king = 向任意方向走一格，走到敵子上即吃掉它
ul-how-pincer = 走法同車；落點沿橫豎方向緊鄰的敵子，若其另一側緊挨著己方棋子，即被夾吃
ul-how-withdrawer = 走法同后；從緊鄰的敵子處沿直線背離走開，即吃掉該敵子
ul-how-long-leaper = 走法同后；沿直線跳過敵子吃掉它，每個被跳的敵子後面須緊接一個空格
ul-how-coordinator = 走法同后；與己方國王構成矩形，吃掉矩形另兩個角上的敵子
ul-how-immobilizer = 走法同后；不吃子，但緊鄰它的敵子被麻醉，不能移動
ul-how-chameleon = 走法同后；用每個敵子自己的吃法吃掉它，並麻醉緊鄰的麻醉者
ul-rules-piece =
    { $code } { $name }：{ $how }。
    { $shows }
ul-shows-piece = { $square } 的{ $piece }
ul-shows-king = 國王從 { $from } 走到 { $to }，吃掉{ $captures }。
ul-shows-pincer = 夾吃者從 { $from } 走到 { $to }，吃掉{ $captures }：它另一側的 { $jaws } 有白方棋子。{ $spared }另一側沒有白方棋子，留在原處。
ul-shows-withdrawer = 拖吃者從 { $from } 沿直線背離走到 { $to }，吃掉緊挨在它身後的{ $captures }；{ $spared }在它旁邊而不在身後，留在原處。
ul-shows-long-leaper = 跳吃者從 { $from } 走到 { $to }，跳過路線上的 { $count } 個敵子（每個後面都緊接一個空格），吃掉{ $captures }。
ul-shows-coordinator = 協吃者從 { $from } 走到 { $to }，與在 { $king } 的己方國王構成矩形，吃掉另兩個角上的敵子：{ $captures }。
ul-shows-immobilizer = 麻醉者從 { $from } 走到 { $to }，不吃子，但緊鄰它的{ $frozen }（共 { $frozen_count } 個）被麻醉，不能移動。
ul-shows-chameleon = 模仿者從 { $from } 走到 { $to }，用每個敵子自己的吃法吃掉它：{ $captures }。它只夾吃夾吃者，所以{ $spared }留在原處。
ul-key-arrow = 走子
ul-key-taken = 吃子
ul-key-frozen = 麻醉
rb-how-p = 向前走一到兩格（途中可跳過一子），或橫走一格，或斜向前一格；吃法與走法相同
rb-how-n = 跳到正交四步以內的任意格，無視中間棋子；只在第三、四步的格上吃子
rb-how-r = 向任意方向走最多 12 格；吃子：橫豎最多 12 格、斜一格，或斜向隔恰好一子打吃
rb-how-b = 向任意方向走最多 12 格；吃子：斜向最多 12 格、橫豎一格，或橫豎隔恰好一子打吃
rb-how-c = 向任意方向走最多 12 格，最多越過一子；吃子須隔恰好一子（所以空棋盤上不顯示吃子）
rb-how-g = 兼有馬仔、車夫、相爺、山炮的走法與吃法，直線與斜線上距離不限
rb-how-k = 向任意方向走一格，吃法相同；與敵方老王在無阻隔的直線上相對時可將其吃掉（照面）
rb-how-j = 向任意方向走一格；不能吃子，也不會被吃
rb-how-q = 分兩段走：任意距離滑行加老王式一步，順序不限，也可只走一段；最多吃一子，吃子即結束
rules-position = 從某個局面開始（殘局、教學、接著下別處的棋）：/new { $game } position="…"，局面加引號，寫法同這個開局局面：{ $example }
settings-show = 語言：{ $language }。提醒：{ $notifications }。輪到你時：{ $pings }。每日摘要：{ $digest }。
settings-saved = 已儲存。語言：{ $language }。提醒：{ $notifications }。輪到你時：{ $pings }。每日摘要：{ $digest }。
start-welcome = 你好 { $name }！現在我可以私訊你了。你的秘密行動請傳到這裡。
timeout-pass = { $name } 在 #{ $id } 未按時決定：視為不質疑。
timeout-loss = { $name } 在 #{ $id } 超時。
reminder = 提醒：#{ $id } 正在等你行動，{ $deadline }逾時。
turn-ping = { $who }，輪到你了（#{ $id }）。
clock-correspondence = 每步 { $per }
clock-live = 即時，每步 { $per }
over-win = #{ $id } 結束：{ $winner } 獲勝。
over-draw = #{ $id } 結束：和局。
over-aborted = #{ $id } 已取消。
reason-resigned = { $name } 認輸。
reason-timeout = { $name } 超時判負。
reason-agreed = 雙方同意和棋。
reason-aborted = 在第一步之前取消。
reason-admin-aborted = 由管理員取消。

## 暗弈分野

dir-U = 上
dir-D = 下
dir-L = 左
dir-R = 右
rel-up = 上方
rel-down = 下方
rel-left = 左方
rel-right = 右方
rel-up-left = 左上方
rel-up-right = 右上方
rel-down-left = 左下方
rel-down-right = 右下方
rel-same = 同格
lean-up = 偏上
lean-down = 偏下
lean-left = 偏左
lean-right = 偏右
rel-distance = ，距離 { $n }
rel-exact = 在 { $cell }
df-owner-position = 局面預置
df-none = 無
df-mode-referee = 裁判模式
df-mode-challenge = 兩人質疑
df-rules-summary = { $board }，{ $mode }，規則：{ $options }，時間：{ $clock }。
df-starts-fixed = 起點：先手 { $c1 }，後手 { $c2 }。
df-starts-free = 自由起點：雙方私下選擇起點。
df-started = { $game } #{ $id }：{ $p1 }（先手）對 { $p2 }，{ $rules }{ $starts }
df-confirm = #{ $id }：將執行 { $path }，柵欄 { $fence }。
df-puzzle = 原文的題目（原圖已佚，這個局面是我們按題意構造的）。上帝視角，雙方掌握所有資訊：你是後手，在 A1，柵欄 A1:R、A2:R、A3:R 把 A 列隔成一個口袋，只在 A4 與 B4 之間開口；先手在 D1。輪到你走。你該怎樣行動，才能在對方下一步最佳行動後還可能存活（並非指勝利）？並不難，關鍵在於是否理解了規則。回答：/rules dark-fence puzzle <你的行動>，例如 /rules dark-fence puzzle A1-A2 右。
df-puzzle-loses-now = { $move } 當即判負：{ $why }。
df-puzzle-dies = { $move } 活不過下一步：先手應以 { $reply }，柵欄把你關進較小的區域。
df-puzzle-survives = { $move } 可以存活：先手沒有一步能當即獲勝。思路就是：在先手封口之前離開口袋，並停在再加一道柵欄也關不住你的格子。
df-puzzle-ends = { $move } 當即結束對局。
df-puzzle-not-a-move = 請回答一步行動：從 A1 出發的路徑和柵欄方向，例如 A1-A2 右。
cap-df-puzzle = 題目：後手走
df-warn-border = ⚠ { $cell } 的{ $dir }邊是邊界，本來就有柵欄：在那裡放柵欄判負。點取消重新選擇。
df-warn-crosses = ⚠ { $from }-{ $to } 這一步越過了你自己的柵欄：越過任何柵欄都判負。點取消重新選擇。
df-warn-duplicate = ⚠ 那一邊已經有你的柵欄：再放一道判負。點取消重新選擇。
df-view-memory = #{ $id } 憑記憶下（assist=0）：你自己的視圖在對局結束時給出。每回合的公開棋盤人人可見。
df-ply-public = 第{ $ply }手：{ $mover } 已行動。柵欄方向：{ $dir }。{ $p1 } 看 { $p2 }：{ $rel12 }；{ $p2 } 看 { $p1 }：{ $rel21 }。
df-ply-opponent = #{ $id }：{ $mover } 放置了朝{ $dir }的柵欄。對方位置：{ $rel }。
df-ply-mover = #{ $id } 第{ $ply }手：已執行 { $path }，柵欄 { $fence }。對方位置：{ $rel }。
df-recorded = #{ $id }：已記錄（第{ $ply }手）。
df-stopped = 第{ $ply }手：{ $name } 停在 { $cell }。
df-commitment = 承諾 { $hash }
df-window-unmoved = { $target } 還沒有走過，此時質疑找不到違規，質疑者判負：請選不質疑。
df-window-private = #{ $id }：{ $context }請你決定：質疑 { $target } 嗎？按下方按鈕，或傳送 /challenge 或 /pass（限時 { $time }；不回答視為不質疑）。
df-passed = { $name } 不質疑。
df-passed-private = #{ $id }：你不質疑 { $target }。
df-challenged = { $by } 質疑 { $against }！
df-claimed = { $by }：分野！
df-start-public = { $name } 的起點是 { $cell }。
df-start-chosen = #{ $id }：你的起點是 { $cell }。
df-in-place = 雙方已就位，{ $name } 先行。
df-report = #{ $id }：對方位置：{ $rel }。
df-turn-public = 第{ $ply }手：輪到 { $name }。
df-turn-private = #{ $id }：輪到你（第{ $ply }手）。請傳送路徑和柵欄方向，例如 { $example }。
df-turn-private-bare = #{ $id }：輪到你（第{ $ply }手）。請傳送路徑和柵欄方向（按你所知，我舉不出可走的例子）。
df-opening = #{ $id }：對局開始，{ $first } 先行，然後輪到你。
df-turn-private-memory = #{ $id }：輪到你走（第 { $ply } 步）。發送從你所在格出發的路徑和柵欄方向；本局憑記憶下（assist=0）。
df-setup = #{ $id }：請選擇你的起點格，例如 B2。
df-setup-p2 = #{ $id }：{ $p1 } 的起點是 { $cell }。請選擇你的起點（不能是 { $cell }）。
df-view-header-seat = #{ $id } { $game }，第{ $ply }手後：你的視圖
df-view-header-public = #{ $id } { $game }，第{ $ply }手後：公開棋盤
df-view-cell = 你的位置：{ $cell }。
df-view-cells = 位置：{ $p1 } { $c1 }，{ $p2 } { $c2 }。
df-view-fences = 你的柵欄：{ $list }。
df-view-fence = { $cell } { $dir }（第{ $ply }手放置）
df-view-earlier = （之前還有 { $count } 手：/view 可看全部。）
df-view-setup-report = 開局時對方位置：{ $rel }。
df-view-ply-seat = 第{ $ply }手（{ $mover }）：柵欄朝{ $dir }；對方位置：{ $rel }。
df-view-ply-public = 第{ $ply }手（{ $mover }）：柵欄朝{ $dir }；先手看後手：{ $rel12 }；後手看先手：{ $rel21 }。
df-view-ply-stop = 第{ $ply }手（{ $mover }）：停在 { $cell }{ $record }。
df-view-to-act = 輪到 { $name }。
df-view-to-decide = 等待 { $name } 決定：質疑或不質疑。
df-v-crossed-fence = { $mover } 經過了 { $edge } 的柵欄（{ $owner } 第{ $k }手放置）。
df-v-ended-on-opponent = { $mover } 停在了對方所在的 { $cell }。
df-v-duplicate-fence = { $mover } 在已有柵欄處 { $edge } 放置柵欄。
df-v-border-fence = { $mover } 在邊界 { $edge } 放置柵欄（未啟用邊空）。
df-separated = 柵欄將雙方分隔：{ $p1 } { $a1 } 格，{ $p2 } { $a2 } 格。
df-residual = 殘餘柵欄 { $r1 }:{ $r2 }。
df-challenge-upheld = 質疑成立：{ $against } 在第{ $ply }手犯規：{ $violation }（共 { $count } 處犯規。）
df-challenge-rejected = 質疑不成立：{ $against } 沒有犯規，{ $by } 判負。
df-claim-upheld = 分野成立。{ $areas }
df-claim-rejected = 分野不成立：雙方並未分隔，{ $by } 判負。
df-ply-cap = 已達步數上限。{ $then }
df-cap-draw = 沒有決定勝負的事件：和局。
df-reveal-fence = { $edge }（{ $owner }，第{ $ply }手）
df-reveal = 復盤。柵欄：{ $fences }。行動：{ $moves }。終點：{ $p1 } { $c1 }，{ $p2 } { $c2 }。
df-salts = 鹽值：{ $salts }
df-err-empty = 格式錯誤：行動為空；未執行，請重新傳送。
df-err-bad-token = 格式錯誤：「{ $token }」既不是格子也不是方向；未執行，請重新傳送。
df-err-direction-not-last = 格式錯誤：方向「{ $token }」必須在最後；未執行，請重新傳送。
df-err-off-board = 格式錯誤：{ $cell } 不在棋盤上；未執行，請重新傳送。
df-err-no-direction = 格式錯誤：缺少柵欄方向（上下左右）；未執行，請重新傳送。
df-err-not-straight = 格式錯誤：{ $from }→{ $to } 不是直線；未執行，請重新傳送。
df-err-wrong-start = 格式錯誤：路徑必須從你的位置 { $cell } 出發；未執行，請重新傳送。
df-err-too-many-waypoints = 格式錯誤：路徑最多列出 { $max } 個格子；未執行，請重新傳送。
df-err-must-move = 格式錯誤：本局不允許原地不動，路徑必須離開目前的格子。
df-err-start-taken = { $cell } 是對方的起點，請另選一格。
df-err-not-your-turn = 還沒輪到你。
df-err-game-over = 這局已經結束。
df-err-wrong-phase = 現在不能這樣做。
df-err-claims-off = 本局規則沒有分野宣告。
df-err-no-such-seat = 你不是這局的玩家。
rules-dark-fence = 暗弈分野。在格子棋盤上（預設 4x4；直行為 A…，第 1 橫列在最上方）先手從 A1 出發，後手從對角出發。輪到你時，私訊給我一條由直線組成的路徑和一個方向，例如 A1-A4-B4-B3 右：你的棋子沿路徑移動，並在終點格的那一側放下一道柵欄。邊界預先有柵欄。經過任何柵欄（包括自己的）、停在對方所在格（途中穿過可以）、在已有柵欄處放柵欄，都判負。柵欄把雙方分隔時，面積大的一方獲勝。你只能看到自己的行動；每步之後雙方都會得知柵欄方向和對方的相對位置。兩人質疑玩法（mode=challenge）：行動密封記錄，停留格公開，每步之後雙方都可以質疑。
opt-dark-fence-mode = 由機器人當裁判，或兩人質疑玩法
opt-dark-fence-board = 棋盤大小，直行 x 橫列
opt-dark-fence-board-values = 直行x橫列，每邊 2..26
opt-dark-fence-start = 固定起點，或雙方各自選擇起點
opt-dark-fence-p2-sees-p1-start = 自由起點：後手得知先手的起點
opt-dark-fence-first-move-onto-opponent = 先手第一步能否停在後手所在格
opt-dark-fence-edge-empty = 邊空：可以在邊界放柵欄
opt-dark-fence-edge-empty-repeat = 邊空：同一段邊界可以用兩次
opt-dark-fence-juesha = 絕殺：面積相等時殘餘柵欄少者勝
opt-dark-fence-juesha-count-border = 絕殺：邊界上放置的柵欄也計入
opt-dark-fence-report = 相對位置告知的精確程度
opt-dark-fence-allow-stay = 行動可以原地不動
opt-dark-fence-max-waypoints = 一條路徑最多列出的格子數
opt-dark-fence-confirm-moves = 每步執行前私下複述確認
opt-dark-fence-assist = 私下協助：0 無，1 隨時可查看自己的視圖，2 另外提醒自己的柵欄
opt-dark-fence-challenge-scope = 兩人質疑：質疑檢查哪些行動
opt-dark-fence-window-timeout = 兩人質疑，即時對局：決定時限；超時視為不質疑
opt-dark-fence-partition-handling = 兩人質疑：分隔如何處理
opt-dark-fence-auto-b = 兩人質疑：停在對方格立即結束
opt-dark-fence-ply-cap = 兩人質疑：最長步數
opt-dark-fence-cap-adjudication = 兩人質疑：達到步數上限時的判定
opt-dark-fence-commitments = 兩人質疑：公開密封行動的雜湊值

## Ultima (極相棋)
game-ultima = 極相棋
rules-ultima = 極相棋（Ultima，巴洛克棋）。8x8 棋盤，白方先行；國王走一步，夾吃者像城堡一樣縱橫直走，其餘棋子像皇后一樣八方向直走，都不得越子（跳吃者越過被吃的子除外）。吃法各不同：國王走到敵子格上吃子；夾吃者移動後，與任何己方棋子縱橫夾住的敵子被吃；拖吃者背離相鄰敵子直線移動時吃掉它；跳吃者沿一條線跳過敵子吃掉它們；協吃者吃掉它與己方國王所成矩形另兩角上的敵子；麻醉者不吃子，但使相鄰敵子不能移動；模仿者以每種敵子自己的吃法吃它。被麻醉的棋子可以自殺（算一步）。走法寫起點和終點，例如 /move d2d5（自殺：d2d2）。將死或困斃對手獲勝；三次重複局面和無吃子步數上限為和局。
opt-ultima-immobilizer = cvp：麻醉者相鄰的敵子一律不能動；pure：若有己方麻醉者或模仿者貼著對方麻醉者，其餘棋子不受麻醉
opt-ultima-suicide = 被麻醉的棋子（國王除外）可以自殺，算一步
opt-ultima-chameleon = combined：模仿者一步完成其幾何上滿足的所有吃法；pure：跳吃時只吃跳吃者
opt-ultima-setup = rotated：黑方底線與白方中心對稱；mirrored：雙方底線從 a 到 h 都是 I L X K W X L C
opt-ultima-nocapture-limit = 雙方各走這麼多步都沒有吃子即和局（0：不限）
ul-white = 白方
ul-black = 黑方
ul-player = { $name }（{ $color }）
ul-piece-king = 國王
ul-piece-pincer = 夾吃者
ul-piece-withdrawer = 拖吃者
ul-piece-long-leaper = 跳吃者
ul-piece-coordinator = 協吃者
ul-piece-immobilizer = 麻醉者
ul-piece-chameleon = 模仿者
ul-rule-displacement = 取代吃
ul-rule-pinch = 夾吃
ul-rule-withdrawal = 拖吃
ul-rule-leap = 跳吃
ul-rule-coordination = 協吃
ul-rules-standard = 標準（原規則的預設設定）
ul-rules-summary = 規則：{ $options }，用時：{ $clock }。
ul-started = { $game } #{ $id }：{ $white }（白方，先行）對 { $black }（黑方），{ $rules }走法：起點格加終點格，例如 /move { $example }（{ $from } 的棋子走到 { $to }）。
ul-moved = #{ $id } 第{ $ply }手：{ $player } { $piece } { $from }-{ $to }
ul-captures = ，吃掉{ $list }
ul-capture = { $square } 的{ $piece }（{ $rule }）
ul-stop = 。
ul-check = 將軍！
ul-check-by = 將軍：{ $square } 的{ $piece }可以吃掉國王。
ul-frozen-now = { $color }在 { $square } 的{ $piece }被 { $by } 的{ $by_piece }麻醉了{ $removable ->
        [yes] ；{ $color }可以用一步把它移除（{ $move }）
       *[no] {""}
    }。
ul-suicide = #{ $id } 第{ $ply }手：{ $player } 移除被麻醉的{ $piece }（{ $square }）。
ul-to-move = 輪到 { $player }。
ul-turn-private = #{ $id } { $game }：輪到你（{ $color }）。
ul-view-header = #{ $id } { $game }，第{ $ply }手後
ul-view-last = 上一步：{ $move }。
ul-view-frozen = 被麻醉：{ $list }。
reason-checkmate = { $name } 被將死。
reason-stalemate = { $name } 無子可動，判負。
reason-threefold-repetition = 同一局面第三次出現。
reason-no-capture-limit = 雙方各 { $limit } 步沒有吃子。
ul-err-malformed = 「{ $text }」不是走法：請寫起點和終點，例如 d2d5（自殺：d2d2）。未執行任何行動。
ul-err-wrong-piece = { $square } 上是{ $actual }，不是{ $given }。未執行任何行動。
ul-err-no-piece = { $square } 上沒有棋子。未執行任何行動。
ul-err-not-your-piece = { $square } 上的{ $piece }是對方的。未執行任何行動。
ul-err-frozen = 你在 { $square } 的{ $piece }被 { $by } 的{ $by_piece }麻醉，不能移動。未執行任何行動。
ul-err-no-move-to = 你沒有能走到 { $to } 的{ $piece }。未執行任何行動。
ul-err-ambiguous = 不止一個{ $piece }能走到 { $to }（從 { $from }）：請指明是哪一個，例如 { $example }。未執行任何行動。
ul-err-illegal-move = { $from } 的{ $piece }不能走到 { $to }：{ $fault }。未執行任何行動。
ul-err-leaves-king-in-check = 這步會讓你在 { $king } 的國王被 { $attacker } 的{ $piece }吃掉。未執行任何行動。
ul-err-suicide = { $square } 的棋子不能自殺：{ $reason }。未執行任何行動。
ul-suicide-off = 本局不允許自殺
ul-suicide-king = 國王不能自殺
ul-suicide-not-frozen = 這枚{ $piece }沒有被麻醉，只有被麻醉的棋子才能自殺
ul-fault-no-movement = 必須離開原格
ul-fault-not-a-line = 兩格不在同一橫列、直行或斜線上
ul-fault-king-step = 國王只能走一格
ul-fault-pincer-diagonal = 夾吃者只能縱橫直走
ul-fault-blocked = { $own ->
        [yes] 你自己
       *[other] 對方
    }在 { $at } 的{ $piece }擋住了去路
ul-fault-occupied = { $at } 上有{ $own ->
        [yes] 你自己
       *[other] 對方
    }的{ $piece }，只有國王能走到有棋子的格上
ul-fault-own-piece = { $at } 是你自己的棋子
ul-fault-leap-own = 不能跳過你在 { $at } 的棋子
ul-fault-leap-adjacent = 不能跳過 { $at }：它後面的格子不是空格
ul-fault-chameleon-leap = 模仿者只能跳過跳吃者，而 { $at } 上是{ $piece }

## Perfect 10 x 10
game-perfect10 = 完美十乘十
rules-perfect10 = 完美十乘十（Perfect 10 x 10）：10x10 棋盤上的西洋棋變體，共 19 種棋子，白方先行。白方第 1 橫列從 a 到 j：城堡、火砲、弓弩、主教、皇后、國王、主教、弓弩、火砲、城堡；第 2 橫列：戰船、騎士、戰象、守衛、公主、首相、守衛、戰象、騎士、戰船；第 3 橫列：十個兵卒（黑方對稱，王對王）。首相走城堡或騎士的走法，公主走主教或騎士的走法；火砲、弓弩分別像城堡、主教一樣走，吃子時必須恰好跳過一枚棋子；守衛像國王一樣走一格，但不是王；戰象斜走一格或斜跳兩格，戰船直走一格或直跳兩格。兵卒走到第 6 橫列（黑方第 5 橫列）時可以升變為將帥、斜士、洞屋或田相，也可以不升變；走到第 8 橫列（黑方第 3 橫列）時可以升變為守衛、騎士、戰象、戰船、城堡、主教、火砲或弓弩，也可以不升變；走到底線必須升變為皇后、首相或公主。城堡、主教到達底線自動成為龍王（城堡加斜走一格）或龍馬（主教加直走一格）。入堡（O-O：國王 f1-h1，城堡 j1-g1；O-O-O：國王 f1-d1，城堡 a1-e1）和吃過路兵同西洋棋。將死對方獲勝。無合法著法的一方必須停一手（PASS），雙方連續停手為和局；同一枚棋子連續四步將軍判負；三次重複局面可以要求和局；雙方都無法將死對方時為和局。走法：/move e3e5（也可寫 Nb2-c4、e9e10=Q、e5e6 不升變、O-O），/pass，/claim。
rules-no-options = 選項：無。
p10-white = 白方
p10-black = 黑方
p10-player = { $name }（{ $color }）
p10-piece-king = 國王
p10-piece-queen = 皇后
p10-piece-marshal = 首相
p10-piece-princess = 公主
p10-piece-dragon = 龍王
p10-piece-griffin = 龍馬
p10-piece-rook = 城堡
p10-piece-bishop = 主教
p10-piece-cannon = 火砲
p10-piece-archer = 弓弩
p10-piece-guard = 守衛
p10-piece-knight = 騎士
p10-piece-elephant = 戰象
p10-piece-ship = 戰船
p10-piece-wazir = 將帥
p10-piece-ferz = 斜士
p10-piece-dabbaba = 洞屋
p10-piece-alfil = 田相
p10-piece-pawn = 兵卒
p10-how-king = 國王向任意方向走一格（入堡寫 O-O 或 O-O-O）
p10-how-queen = 皇后沿橫線、直線或斜線走任意格
p10-how-marshal = 首相走城堡或騎士的走法
p10-how-princess = 公主走主教或騎士的走法
p10-how-dragon = 龍王走城堡的走法，或斜走一格
p10-how-griffin = 龍馬走主教的走法，或直走一格
p10-how-rook = 城堡沿橫線或直線走任意格
p10-how-bishop = 主教沿斜線走任意格
p10-how-cannon = 火砲像城堡一樣走，吃子時必須恰好跳過一枚棋子
p10-how-archer = 弓弩像主教一樣走，吃子時必須恰好跳過一枚棋子
p10-how-guard = 守衛向任意方向走一格
p10-how-knight = 騎士走「日」字
p10-how-elephant = 戰象斜走一格或斜跳兩格
p10-how-ship = 戰船直走一格或直跳兩格
p10-how-wazir = 將帥直走一格
p10-how-ferz = 斜士斜走一格
p10-how-dabbaba = 洞屋直跳兩格
p10-how-alfil = 田相斜跳兩格
p10-how-pawn = 兵卒向前走一格（從起始橫列可走兩格），向斜前方一格吃子，也可以吃過路兵
p10-choice = { $piece }（={ $code }）
p10-rules-summary = 用時：{ $clock }。
p10-rules-summary-options = 規則：{ $options }，用時：{ $clock }。
opt-perfect10-move-rule = 自訂規則：雙方各走這麼多步都沒有吃子或走兵即和局（0：不限，與原規則相同）
p10-started = { $game } #{ $id }：{ $white }（白方，先行）對 { $black }（黑方），{ $rules }走法：/move e3e5（也可寫 Nb2-c4、e9e10=Q、O-O）。
p10-moved = #{ $id } 第{ $ply }手：{ $player }{ $seed }：{ $piece } { $from }-{ $to }
p10-castled-kingside = #{ $id } 第{ $ply }手：{ $player }{ $seed }：短入堡，國王 { $from }-{ $to }，城堡 { $rook_from }-{ $rook_to }
p10-castled-queenside = #{ $id } 第{ $ply }手：{ $player }{ $seed }：長入堡，國王 { $from }-{ $to }，城堡 { $rook_from }-{ $rook_to }
p10-captures = ，吃掉 { $square } 的{ $piece }
p10-en-passant = ，吃過路兵，吃掉 { $square } 的{ $piece }
p10-promotes = ，升變為{ $piece }
p10-becomes = ，到達底線成為{ $piece }
p10-stop = 。
p10-sentence-gap = { "" }
p10-check-by = { $count ->
        [2] 雙將
       *[other] 將軍
    }：{ $pieces }攻擊國王。
p10-checker = { $square } 的{ $piece }
p10-checkers-and = { $first }和 { $second }
p10-passed = #{ $id } 第{ $ply }手：{ $player }無合法著法，停一手。
p10-claimed = #{ $id }：{ $player }以三次重複局面要求和局。
p10-to-move = 輪到 { $player }。
p10-must-pass = { $player }無合法著法，必須停一手。
p10-turn-private = #{ $id } { $game }：輪到你（{ $color }）。
p10-must-pass-private = 你沒有合法著法，必須停一手（/pass 或按鈕）。
p10-can-claim = 這個局面已經出現三次：你可以要求和局（/claim 或按鈕），也可以繼續下。
p10-can-claim-with = 以下著法會使某個局面第三次出現：{ $moves }。要走這步並同時要求和局，在著法前加 claim，例如 /move claim { $example }。
p10-warn-four-checks = 注意：你在 { $square } 的{ $piece }已經連續三步將軍，再用它將軍一次就判負。
p10-btn-pass = 停一手
p10-btn-claim = 要求和局
p10-btn-stay = 不升變
p10-complete-promotion = 或者選擇 #{ $id } { $move } 的兵卒升變為：
p10-view-header = #{ $id } { $game }，第{ $ply }手後
p10-view-last = 上一步：{ $move }。
reason-four-checks = { $name } 用同一枚棋子連續四步將軍，判負。
reason-double-pass = 雙方連續停手。
reason-insufficient-material = 雙方都已無法將死對方。
reason-move-rule = 雙方各 { $limit } 步沒有吃子或走兵。
p10-err-malformed = 「{ $text }」不是走法：請寫起點和終點，例如 e3e5 或 Nb2-c4（升變 e9e10=Q，入堡 O-O，停一手 0000，要求和局 claim）。未執行任何行動。棋子代號：/rules perfect10。
p10-err-no-piece = { $square } 上沒有棋子。未執行任何行動。
p10-err-wrong-piece = { $square } 上是{ $actual }（代號 { $actual_code }），不是你寫的{ $given }（代號 { $given_code }）。未執行任何行動。所有代號：/rules perfect10。
p10-no-code = 無：兵只寫起點終點，如 e3e5
p10-err-not-your-piece = { $square } 上的{ $piece }是對方的。未執行任何行動。
p10-err-illegal-move = { $from } 的{ $piece }不能走到 { $to }（{ $how }）。未執行任何行動。
p10-err-move-stopped = { $from } 的{ $piece }不能走到 { $to }：{ $why }。未執行任何行動。
p10-err-no-move-to = 你沒有能走到 { $to } 的{ $piece }。未執行任何行動。
p10-err-ambiguous = 不止一個{ $piece }能走到 { $to }（從 { $from }）：請指明是哪一個，例如 { $example }。未執行任何行動。
p10-fault-own-piece = { $at } 上是你自己的{ $piece }
p10-fault-blocked-own = 你自己在 { $at } 的{ $piece }擋住了去路
p10-fault-blocked-enemy = 對方在 { $at } 的{ $piece }擋住了去路
p10-fault-pawn-front-own = { $at } 上是你自己的{ $piece }，兵只能直走到空格
p10-fault-pawn-front-enemy = { $at } 上是對方的{ $piece }，兵只能斜著吃子
p10-fault-pawn-nothing = 兵只有吃子時才能斜走，而 { $to } 是空的
p10-fault-pawn-double = 兵只有從起始橫線（白方第 3 橫線，黑方第 8 橫線）才能走兩格
p10-fault-no-screen = { $piece }吃子須跳過恰好一個棋子，而中間沒有棋子
p10-fault-two-screens = { $piece }吃子須跳過恰好一個棋子，而中間不止一個：第二個是 { $at } 的{ $other }
p10-err-promotion-tier = 兵卒走到 { $to } 可以升變為 { $list } 之一，也可以不升變：請在著法後寫明，例如 ={ $code } 或 不升變。未執行任何行動。
p10-err-promotion-last = 兵卒走到 { $to } 必須升變為 { $list } 之一：請在著法後寫明，例如 ={ $code }。未執行任何行動。
p10-err-promotion-none = 兵卒走到 { $to } 不在升變線上，不能升變。未執行任何行動。
p10-err-cannot-castle = 現在不能入堡：{ $why }。未執行任何行動。
p10-castle-moved = 國王或那個城堡已經動過
p10-castle-blocked = 國王和城堡之間還有棋子
p10-castle-in-check = 國王正被將軍
p10-castle-attacked = 國王會經過或停在被攻擊的格子上
p10-err-leaves-king-in-check = 這步會讓你在 { $king } 的國王被 { $attacker } 的{ $piece }將軍。未執行任何行動。
p10-err-pass-not-allowed = 只有在沒有合法著法時才能停一手。未執行任何行動。
p10-err-no-repetition = 沒有可以要求的和局：這個局面出現了 { $n } 次，不是三次。未執行任何行動。
p10-err-no-repetition-after = 沒有可以要求的和局：走這步之後該局面會出現 { $n } 次，不是三次。未執行任何行動。

## Discord
btn-view = 我的視圖
btn-type-move = 輸入著法
dm-failed-discord = 我無法私訊 { $name }，{ $name } 沒有收到第 #{ $id } 局的一則私訊（對局不受影響）。{ $who }：請允許本伺服器的成員傳私訊給你（伺服器選單 → 隱私設定），然後使用 /view #{ $id }。
discord-opt-game = 遊戲，例如 dark-fence、ultima、perfect10
discord-opt-opponent = 邀請誰（留空為公開邀請）
discord-opt-options = 選項，寫作 key=value，例如 board=6x6 mode=challenge
discord-opt-id = 對局編號（#id），在此同時下多局時填寫
discord-opt-action = 你的著法，照平常輸入
discord-opt-answer = 接受或拒絕對方的提議（留空則由你提出）
discord-opt-language = 你的語言
discord-opt-notifications = 輪到你時是否私訊提醒
discord-opt-pings = 輪到你時如何通知：私訊、提及或關閉
discord-opt-what = 要做什麼
discord-opt-token = 開始口令
discord-opt-button = 按鈕
discord-move-title = 第 #{ $id } 局：你的著法
discord-move-label = 你的著法（例如暗弈分野的路徑）

## 混亂時鐘
game-chaos-clock = 混亂時鐘
rules-chaos-clock = 混亂時鐘。十二個位置圍成一圈，像鐘面，放著 1 到 12 號棋子；n 號棋子的「家」是 n 號位。甲（發起者）持單數，乙持雙數並先行；開局隨機排列，沒有棋子在家。輪到你時：把任一不在家的棋子順時針走它自己的號數那麼多格（/move 5），吃掉落點上的棋子（被吃的棋子回到其主人手中；12 號繞一圈回到原位時離開棋盤進入乙的手中）；或把手中自己的一枚棋子擺回它的家（/move d7），吃掉那裡的棋子，若吃的是對方的棋子則再行動一次；或過（/pass）。在家的棋子不再移動，也不能被落上；不能移動對方剛移動或擺下的那枚棋子。六枚棋子全部回家即完成：雙方都完成為共贏；只有你完成而對方在緊接著的一回合內無法完成，則你勝。連續兩次過、雙方都永遠無法完成、或同一局面第三次出現，為同輸。/new chaos-clock @bot 與我對弈（level=1 到 6；預設的第 6 級是完美下法），加 side=yi 可執乙先走，side=random 隨機；start=fair 選一個雙方都下得好就能一起全部歸位的開局；hints=on 允許 /hint。
opt-chaos-clock-start = random：任意沒有棋子在家的排列；fair：雙方仍能一起把棋子全部歸位的排列（開局前已檢查）
opt-chaos-clock-hints = 允許雙方使用 /hint（求解器的結論和最佳行動）；接受邀請即表示同意
help-hint = 求解器的結論和最佳行動（hints=on 的混亂時鐘對局）
err-hints-off = #{ $id } 沒有開啟提示：雙方需以 hints=on 開局才能使用。
err-hints-rated = #{ $id } 計等級分，計分對局沒有提示：結果必須是棋手自己下出來的。
help-switch = 和我（機器人）對局時：在你走第一步之前改執另一方
err-switch-not-bot = 只有和我對局時才能換邊：#{ $id } 的對手是真人。
err-switch-too-late = 你在 #{ $id } 已經走過了：只有在你走第一步之前才能換邊。
btn-switch = 換邊
cc-start-lost = { $name }，最佳下法下這個開局{ $side }必輸：無論你怎麼走我都能贏。在你走第一步之前可以改執{ $other }：按「{ $button }」或傳送 /switch。
cc-switched = #{ $id }：{ $name } 改執{ $side }，我執{ $other }；對局從開局重新開始。
err-rated-hints = 計分對局沒有提示：去掉 hints=on，或去掉 rated=yes（開啟提示的對局不計等級分）。沒有開局。
err-hint-stale = 我搜尋提示時 #{ $id } 已經有了變化；請再問一次。
err-bot-offers = 我不接受和棋或悔棋提議：請繼續下，或 /resign 認輸。
bot-name = 裁判（機器人）
bot-name-level = 裁判（機器人，{ $level } 級）
bot-plays-at = 我以第 { $level } 級（共 { $top } 級）對弈（/new 時用 `level=1` 到 `level={ $top }` 選擇）。
bot-unproven = （我的搜尋超出預算：這一步未經證明是最佳。）
over-both-win = #{ $id } 結束：共贏。
over-both-lose = #{ $id } 結束：同輸。
cc-jia = 甲，單數
cc-yi = 乙，雙數
cc-side-jia = 甲
cc-side-yi = 乙
cc-player = { $name }（{ $side }）
cc-btn-move = 走{ $piece }
cc-btn-drop = 擺{ $piece }
cc-btn-pass = 過
cc-value-win = { $name } 勝
cc-value-both-win = 共贏
cc-value-both-lose = 同輸
cc-start-random = 隨機開局
cc-start-fair = 公平開局（雙方仍能一起把棋子全部歸位）
cc-start-position = 從指定局面開局
cc-hints-on = 開啟提示（因此不計等級分）
cc-hints-off = 無提示
cc-rules-summary = { $start }，{ $hints }，用時：{ $clock }。
cc-started = { $game } #{ $id }：{ $jia }（甲，單數）對 { $yi }（乙，雙數，先行）。{ $rules }{ $actions }
cc-actions = 行動：{ $examples }，或按按鈕。
cc-actions-generic = 行動：/move 加棋子號（走這枚棋子）、/move d 加棋子號（從手中擺回）、/pass，或按按鈕。
cc-example-move = /move { $piece }（走 { $piece } 號，現在可走）
cc-example-drop = /move d{ $piece }（擺 { $piece } 號）
cc-example-pass = /pass
cc-fair-proven = 公平開局：開局前我檢查了從這個局面出發的所有走法：只要雙方都下得好，就能都把棋子全部歸位，共贏。（第 { $draw } 次嘗試找到。）
cc-to-act = 輪到 { $player }。
cc-banned = { $piece } 號剛被移動，現在不能走。
cc-after-pass = 上一回合是過：再過一次則同輸。
cc-repeat-warning = 注意：{ $actions } 會使同一局面第三次出現，雙方同輸。
cc-moved = #{ $id } 第 { $ply } 手：{ $player }把 { $piece } 號從 { $from } 號位走到 { $to } 號位
cc-home = ，回家
cc-captures = ，吃掉 { $piece } 號，進入{ $hand }方手中
cc-moved-off = #{ $id } 第 { $ply } 手：{ $player }把 12 號從 { $from } 號位繞鐘面一圈，離開棋盤進入乙的手中
cc-stop = 。
cc-dropped = #{ $id } 第 { $ply } 手：{ $player }把 { $piece } 號擺回家
cc-extra-turn = 擺子吃掉對方棋子，再行動一次。
cc-passed = #{ $id } 第 { $ply } 手：{ $player }過。
cc-completed = { $player }的六枚棋子全部回家。
cc-reason-completed = { $name } 的六枚棋子全部回家。
cc-reason-both-completed = 雙方的棋子都全部回家。
cc-reason-two-passes = 連續兩次過。
cc-reason-both-stuck = 雙方都永遠無法讓全部棋子回家。
cc-adjudicated = #{ $id }：{ $name } 的 { $count } 枚棋子 { $pieces } 再也不能移動，永遠回不了家；從這裡起最佳走法下的結果已被求解器證明，對局現在按此結果結束。
reason-stuck-adjudicated = 裁定：一方永遠無法讓全部棋子回家，求解器已證明結果。
cc-reason-repetition = 同一局面第三次出現。
cc-turn-private = #{ $id }（{ $game }）：輪到你了（{ $side }）。按鈕在對局頻道的棋盤下方。
cc-view-header = #{ $id } { $game }，第 { $ply } 手，局面 { $position }。手中：甲 { $jia }；乙 { $yi }。
cc-verdict-win = 你勝
cc-verdict-both-win = 共贏
cc-verdict-both-lose = 同輸
cc-verdict-lose = 你負
cc-hint = #{ $id } 的提示，輪到 { $player }：最佳下法下為{ $verdict }。最佳：{ $best }。（搜尋了 { $positions } 個局面。）
cc-hint-lost = #{ $id } 的提示，{ $player } 行動：最佳走法下這是輸局，無論你怎麼走 { $opponent } 都能贏。最有機會的走法是讓 { $opponent } 能贏的應著最少的：{ $chances }。（搜索了 { $positions } 個局面。）
cc-chance = { $action }（{ $replies } 種應著中 { $keeping } 種能贏）
cc-chance-or = { $first } 或 { $second }
cc-hint-unknown = #{ $id } 的提示：搜尋達到預算（{ $positions } 個局面）仍未證明；寧缺毋猜。
cc-analysis-empty = #{ $id } 的分析：沒有任何行動。
cc-analysis-kept = #{ $id } 的分析：最佳下法下開局為{ $value }，沒有任何行動改變它。
cc-analysis-changed = #{ $id } 的分析：最佳下法下開局為{ $before }；第 { $ply } 手，{ $player }：{ $action }，首先把它變成了{ $after }。
cc-analysis-unknown = #{ $id } 的分析：超出我的搜尋預算，從略。
cc-err-malformed = 「{ $text }」不是行動：寫棋子號數表示走（5 或 走5），d 加號數表示擺（d7 或 擺7），或 過。未執行任何行動。
cc-err-not-on-board = { $piece } 號不在棋盤上。未執行任何行動。
cc-err-at-home = { $piece } 號已在家，不再移動。未執行任何行動。
cc-err-banned = { $piece } 號剛被對方移動，現在不能走。未執行任何行動。
cc-err-blocked = { $piece } 號會落在 { $slot } 號位，那裡的棋子已在家。未執行任何行動。
cc-err-not-yours = { $piece } 號不是你的，不能擺。未執行任何行動。
cc-err-not-in-hand = { $piece } 號不在你手中。未執行任何行動。

## 烏合之眾象棋
game-rabble = 烏合之眾象棋
rules-rabble = 烏合之眾象棋：棋盤向四面八方、向任意多維無限延伸，每格都是跳兵。紅方（邀請者）佔 y ≤ 6 的各排並先行，藍方佔 y ≥ 7；主戰場是主位面（z = 1）上 x、y 為 1..12 的區域。先自選：紅先藍後，每次四格：/move pick R N B C（R N B C P，可重複，每選一個 P 加 1 分），或 /move pick default；最後一次放 K Q J G。之後每手只動一格上的己方棋子：/move 7,6x7,8（吃）、/move 7,6>7,7（走）、/move 6,6&7,7（疊，耗分）、/move 7,6,2 z-（三維躍遷）、/move 9,4,1,2 d4-（高維躍遷，1 分）、/move 7,8=C x7,10（升變後吃）、/move drop P@7,6（僱傭打入）、/move 9,1/2P >9,3（拆解）。雙方各 120 分起；吃子得被吃棋子的分值；分數只剩對方一半或更少、戰場前線沒有棋子、或主戰場上 12 格或更少有棋子的一方負；老王被吃而分數不領先者負（領先則公子升為老王）。/move pass draw 提和，/move pass accept 同意。
opt-rabble-select = 進行自選階段（每次四格，紅先）；off 則直接用預設排列
opt-rabble-band-empty = 規則說明中的另一種讀法：各位面中間四排天藍色區域開局為空
opt-rabble-quiet-limit = 連續多少手沒有吃掉兵以外的棋子後，分數低者負（同分和局）
opt-rabble-red-gives = 紅方讓子：level1..level7（讓n級子：這些區域內紅方的兵歸藍方）或 steps2..（讓n步先：藍方先免費走 n 手疊加、躍遷或打入）
opt-rabble-blue-gives = 藍方讓子，同 red_gives
rb-red = 紅方
rb-blue = 藍方
rb-player = { $name }（{ $side }）
rb-rules-summary = 選項：{ $options }；用時：{ $clock }。
rb-started = { $game } #{ $id }：{ $red }（紅方，先行）對 { $blue }（藍方）。{ $rules }
rb-pick-group = { $player }：第 { $step }/9 次自選，第 { $row } 排{ $group }：/move pick R N B C（從自己的左到右；R N B C P，可重複，每個 P 加 1 分）或 /move pick default。
rb-pick-uniques = { $player }：最後一次自選，底排的四個唯一棋子：/move pick Q K J G（任意順序）或 /move pick default。
rb-left = 左組
rb-right = 右組
rb-btn-default = 預設排列
rb-to-act = 輪到 { $player }。
rb-picked = { $player } 選了 { $pieces }（第 { $step } 次）。
rb-played = #{ $id } 第 { $ply } 手：{ $player } 走 { $turn }
rb-captured = ，吃掉 { $unit }（+{ $points }）
rb-cost = ，花費 { $points } 分
rb-crowned = { $player } 的老王被吃，但分數領先：公子升為新的老王。
rb-draw-offered = { $player } 在 #{ $id } 提和：/move pass accept 同意。
rb-scores = 分數：紅 { $red }，藍 { $blue }。連續未吃大子：{ $quiet }/{ $limit } 手。
rb-stats = { $side }各兵種：吃子得分 { $captures }；僱傭 { $hires }；打入主戰場 { $drops }；高維躍遷 { $jumps }。
rb-turn-private = #{ $id }（{ $game }）：輪到你了（{ $side }）。
rb-view-header = #{ $id } { $game }，第 { $ply } 手，上一手 { $last }。
rb-outside = 圖外：{ $units }（共 { $count } 個改變的棋子）。
rb-layer = 位面 z={ $z }：{ $count } 格有變化。
rb-layers-more = ……另有 { $layers } 個位面，共 { $count } 格有變化。
rb-and-more = ……另有 { $count } 項
rb-cut = （其餘從略，以免超過一則訊息）
rb-refused = 未走：{ $detail }。局面未變。
rb-timeout-pick = { $name } 在 #{ $id } 未按時自選：使用預設排列。
rb-reason-king-captured = { $name } 的老王被吃，且分數不領先。
rb-reason-crowned-king-captured = { $name } 升變的公子被吃。
rb-reason-score-halved = { $name } 的分數只剩對方的一半或更少。
rb-reason-front-line-lost = { $name } 在戰場前線已沒有棋子。
rb-reason-battlefield-lost = { $name } 在主戰場上只有 12 格或更少有棋子。
rb-reason-home-square-taken = 敵方的老王或公子站上了 { $name } 的老王或公子初始位置。
rb-reason-repetition = 同一局面出現了六次。
rb-reason-quiet-plies = 太久沒有吃掉兵以外的棋子。
rb-reason-agreed = 雙方同意和棋。
help-library = 和局庫：雙方同意和棋的烏合之眾對局，任何人都可以接著下；加上 #id 就在這裡接著下那一局
rb-library-empty = 和局庫是空的：雙方同意和棋的烏合之眾對局會留在這裡，讓其他人接著下。
rb-library-header = 和局庫共有 { $count } 局烏合之眾和局，以下是最近的 { $shown } 局。用 /library #id @對手 在這裡接著下。
rb-library-entry = #{ $id }：{ $ply } 手，紅 { $red } : { $blue } 藍，{ $changes } 格有變化，接續自 { $from }。
rb-fork-of = 這局接續和局庫中的 #{ $parent }，從第 { $ply } 手開始。
err-library-not-drawn = #{ $id } 不在和局庫中：只有雙方同意和棋的烏合之眾對局才在。
rb-window = #{ $id }：位面 z={ $layer } 的 x { $x0 }..{ $x1}、y { $y0 }..{ $y1 }。
rb-bad-window = 無法顯示這個範圍：{ $detail }。請寫 /board x,y（中心，加 ,z 換位面）和/或 /board zoom 2。
rb-zoom-range = 縮放只能是 1、2 或 3
err-board-window = 只有烏合之眾的棋盤比圖片大：只有那裡的 /board 才接受範圍。
discord-opt-window = 僅限烏合之眾：中心 x,y（加 ,z 換位面）和/或 zoom 2
discord-opt-topic = 該遊戲的一個棋子，寫代號或名稱，例如 N（單個棋子及其走法圖）
rb-complete-pick = #{ $id }：第 { $slot }/4 格（已選：{ $sofar }）。請選下一枚棋子：
help-moves = 烏合之眾：某一格上的棋子能走到哪裡（走法無窮，一次看一格）
discord-opt-square = 格子，例如 7,6（其他位面寫 7,6,2）
discord-opt-slice = 烏合之眾的三維觀察：z x1..x2 y1..y2 [z1..z2]
rb-observation = #{ $id } 三維座標觀察：x { $x0 }..{ $x1 }、y { $y0 }..{ $y1 }、位面 z={ $z0 }..{ $z1 }，最上層在前。
rb-observation-unchanged = 這一塊在這些位面上的每一格{ $band ->
    [yes] 都是預設狀態：跳兵，或空出的兵帶中的空格。
   *[no] 都是預設的跳兵。
}
rb-observation-changed = 由自選或對局設定的格子（{ $count } 格；· 為空格）：{ $squares }。這一塊其餘的格子{ $band ->
    [yes] 都是預設狀態：跳兵，或空出的兵帶中的空格。
   *[no] 都是預設的跳兵。
}
rb-observation-elsewhere = 這一塊在位面 z={ $layer } 還有 { $count } 格有變化。
err-view-slice = 只有烏合之眾有三維觀察：只有那裡的 /view 才接受切片（z x1..x2 y1..y2）。
rb-bad-slice = 無法顯示這個切片：{ $detail }。請寫 /view z x1..x2 y1..y2，可再加 z1..z2（最多 12 直行、12 橫排、9 個位面）。
err-moves-rabble = /moves 只用於走法無窮的烏合之眾，一次列出一格的去處；其他棋請直接輸入著法，由裁判檢查。
rb-bad-square = 無法列出那裡的走法：{ $detail }。請寫 /moves x,y（其他位面寫 x,y,z）。
rb-moves = #{ $id }：{ $square } 上的 { $unit } 能去的地方（> 走、x 吃、& 疊加並附價格；射線從它數起）：
rb-library-forks = 後續對局：{ $forks }。
rb-fork-invited = #{ $id }（等待對手）
rb-fork-active = #{ $id }（進行中）
rb-fork-won = #{ $id }（{ $side }勝）
rb-fork-drawn = #{ $id }（和局）
rb-fork-library = #{ $id }（雙方同意和棋：也在和局庫中）
rb-fork-abandoned = #{ $id }（已放棄）
rb-err-not-selecting = 自選階段已經結束
rb-err-bad-pick-uniques = 最後一次自選放四枚獨有棋子，各一枚：Q K J G，次序任意
rb-err-bad-pick-group = 一排的每一格只能是 R N B C P 之一（可重複）
rb-err-king-exposed = 這樣擺，{ $side ->
        [red] 紅
       *[blue] 藍
    }方的老王會被對方一步吃掉，讓級子時絕不允許：請換一種獨有棋子的擺法
rb-err-game-over = 對局已經結束
rb-err-not-your-turn = 還沒輪到你
rb-err-selecting = 先進行自選：`pick R N B C` 或 `pick default`
rb-err-selecting-uniques = 先進行自選：`pick Q K J G` 或 `pick default`
rb-err-enemy-target = { $to } 上是對方的棋子
rb-err-empty-target = { $to } 是空格
rb-err-proposal-refused = { $statement }，而改成 `{ $fix }` 也不行：{ $reason }
rb-err-syntax-drop-piece = 看不懂「{ $text }」：「{ $detail }」不是棋子；可僱傭的棋子是 { $pieces }
rb-step-move = 移動
rb-step-capture = 吃子
rb-step-drop = 僱傭打入
rb-step-jump3 = 三維躍遷
rb-step-jumph = 高維躍遷
rb-step-stack = 疊加
rb-step-split = 拆分
rb-step-promote = 升變
rb-err-handicap-offer = 讓步回合只能疊加、躍遷和僱傭打入
rb-err-no-offer = 沒有可接受的和棋提議：提議必須是剛剛那一手
rb-err-no-debt = 這一手要花 { $cost } 分，你只有 { $score } 分（不能欠分）
rb-err-use-stack-move = { $to } 上是你自己的棋子：寫 { $op } 疊加上去（疊加要花 { $price } 分）
rb-err-royal-stack = 老王和公子永不疊加
rb-err-bad-drop = 老王和公子不能僱傭；可僱傭的棋子是 { $pieces }
rb-err-handicap-promote = 讓步回合不能升變
rb-err-no-credit = 僱傭{ $piece }需要額度：先吃掉對方一枚{ $piece }
rb-err-drop-empty = { $to } 是空格：用 @ 打入
rb-err-drop-enemy = { $to } 上是對方的棋子：只能打入空格或自己的棋子
rb-err-drop-stack = { $to } 上是你自己的棋子：用 & 疊加打入（疊加另外收費）
rb-err-bad-promotion = 跳兵只能升變為 N、R、B 或 C
rb-err-not-in-zone = { $at } 還沒越過你的升變線
rb-err-no-pawn = 這個棋子裡沒有可升變的跳兵
rb-err-twice = 每回合{ $step }最多一次（規則 10）
rb-err-combination = { $step }不能接在{ $earlier }之後（規則 { $rule }）
rb-err-handicap-kinds = 讓步回合只能疊加、躍遷或僱傭打入：不能吃子、普通移動、拆分或升變
rb-err-empty-origin = { $from } 是空格
rb-err-not-yours = { $from } 上是對方的棋子
rb-err-wrong-piece = { $from } 上是 { $has }，不是 { $given }
rb-err-bad-split-part = { $from } 上是 { $has }，拆不出 { $part }
rb-err-bad-split-all = 拆分要留下一部分，而 { $from } 上只有 { $has }：/{ $part } 已是全部
rb-err-bad-split-stay = 拆出的部分必須移動（規則 7）
rb-err-same-square = 棋子必須停在另一格
rb-err-other-layer = { $to } 在另一個位面：棋子只在自己的位面內移動，只有躍遷（z+/z- 或 dN+/dN-）才換位面
rb-err-nothing-to-capture = { $to } 是空格：用 > 走過去
rb-err-move-empty = { $to } 是空格：用 > 走過去
rb-err-use-capture = { $to } 上是對方的棋子：用 x 吃掉它
rb-err-own-unit = { $to } 上是你自己的棋子
rb-err-prince-no-capture = 公子永不吃子
rb-err-prince-immune = 公子不能被吃
rb-err-geometry = { $from } 的 { $unit } { $capture ->
        [yes] 吃不到
       *[no] 走不到
    } { $to }
rb-err-stack-empty = { $to } 是空格：去掉 &
rb-err-stack-enemy = { $to } 上是對方的棋子（而這裡不能吃子）
rb-err-syntax-pass = 看不懂「{ $text }」：停一手只用於和棋：`pass draw` 提和，`pass accept` 接受剛提出的和棋
rb-err-syntax-pick = 看不懂「{ $text }」：自選要寫四個棋子字母，例如 `pick R N B C`
rb-err-syntax-drop = 看不懂「{ $text }」：請寫 `drop P@x,y`（棋子種類，然後 @ 或 &，然後格子）
rb-err-syntax-drop-sign = 看不懂「{ $text }」：棋子種類之後寫 @ 打入空格，或寫 & 疊加到自己的棋子上
rb-err-syntax-promotion-letter = 看不懂「{ $text }」：不認識的升變字母
rb-err-syntax-drop-promotion = 看不懂「{ $text }」：打入的跳兵升變之後不能再接別的
rb-err-syntax-parenthesis = 看不懂「{ $text }」：括號沒有閉合
rb-err-syntax-square-missing = 看不懂「{ $text }」：缺少格子
rb-err-syntax-count = 看不懂「{ $text }」：數字後面要跟棋子字母
rb-err-syntax-split = 看不懂「{ $text }」：/ 之後寫要拆出的棋子，例如 /2P 或 /PN
rb-err-syntax-layer-jump = 看不懂「{ $text }」：位面躍遷寫 z+ 或 z-
rb-err-syntax-dim-jump = 看不懂「{ $text }」：維度躍遷寫 d<N>+ 或 d<N>-，N ≥ 4
rb-err-syntax-dim-range = 看不懂「{ $text }」：維度躍遷用第 4 維及以上（z 軸寫 `z+`/`z-`）
rb-err-syntax-dim-sign = 看不懂「{ $text }」：維度躍遷以 + 或 - 結尾
rb-err-syntax-promotion = 看不懂「{ $text }」：= 後面要跟 N、R、B 或 C
rb-err-syntax-waypoint = 看不懂「{ $text }」：途經點之後要寫目的地
rb-err-syntax-no-step = 看不懂「{ $text }」：請寫棋子做什麼，例如 `7,6x7,8`、`7,6,2 z-` 或 `9,1/2P >9,3`
rb-err-syntax-unexpected = 看不懂「{ $text }」：意外的「{ $detail }」
rb-err-coord-syntax = 「{ $text }」不是座標：請寫 x,y 或 x,y,z（例如 7,6 或 7,6,2）
rb-err-coord-omega = 「{ $text }」：ω 座標只是記法（原文：完全沒有任何卵用）；請寫有限的部分，例如 (……0——9,4,1) 或 9,4,1
rb-err-coord-transfinite = 「{ $text }」：長寫法中 —— 之前的每一項都必須是 0，否則指向超限的格子，而這個棋盤沒有
rb-slice-not-z = 「{ $word }」不是 `z`
rb-slice-count = 請寫直行的範圍、橫排的範圍，可再加位面的範圍，例如 `1..8 1..4 -1..3`
rb-slice-range = 「{ $word }」不是 { $axis } 的範圍（請寫 a..b）
rb-slice-backwards = 「{ $word }」寫反了：{ $axis } 請先寫較小的數
rb-slice-too-wide = { $axis } { $from }..{ $to } 太寬了：一次最多 { $widest }
rb-moves-near = 四格之內：{ $targets }
rb-moves-nothing = 沒有
rb-ray-open = 一路皆空，沒有盡頭：{ $rays }
rb-ray-blocked = 緊鄰即受阻：{ $rays }
rb-ray-empty = 空 { $count } 格：{ $rays }
rb-ray-blocker = 距 { $k } 格有 { $unit }
rb-ray-then = 之後：{ $blockers }
rb-ray-run = { $target }（及其前的空格）
rb-ray-reaches = 可到 { $targets }
rb-ray-all = 全部 8 個方向
rb-ray-part = { $arrows }（{ $details }）
rb-ray-and = { $first }；{ $second }
rb-moves-jumps = 躍遷：{ $jumps }（括號內是該回合的花費；更高的各維都與 d{ $next } 相同）。
rb-long-number = { $head }…{ $tail }（共 { $digits } 位）
rb-moves-queen = 老後：任意指定目標，裁判會找出滑行加一步的路徑。

## 圖片標題、時長、圖中文字、指令參數

cap-ply = 第{ $n }手
cap-after-ply = 第{ $n }手後
cap-df-crossed-fence = 越過了柵欄
cap-df-ended-on-opponent = 停在了對方格上
cap-df-duplicate-fence = 在已有柵欄處放柵欄
cap-df-border-fence = 在邊界放柵欄
cap-df-separated = 柵欄將雙方分隔
cap-df-challenge-upheld = 質疑成立
cap-df-challenge-rejected = 質疑不成立
cap-df-claim-upheld = 分野成立
cap-df-claim-rejected = 分野不成立
cap-df-ply-cap = 達到步數上限
cap-wins = { $side }勝
cap-draw = 和局
cap-to-move = 輪到{ $side }
cap-to-act = 輪到{ $side }
cap-check = 將軍
cap-both-win = 共贏
cap-both-lose = 同輸
cap-you = 你是{ $side }
cap-picks = { $side }自選第{ $step }步
side-white = 白方
side-black = 黑方
side-jia = 甲
side-yi = 乙
side-p1 = 先手
side-p2 = 後手
side-red = 紅
side-blue = 藍
dur-d = { $n }天
dur-h = { $n }小時
dur-m = { $n }分
dur-s = { $n }秒
dur-in = { $d }後
img-jia = 甲
img-yi = 乙
img-to-move = 輪到{ $who }
img-move = 走{ $n }
img-drop = 擺{ $n }
img-pass = 過
img-hand = 手
img-main-plane = 主位面
img-red = 紅
img-blue = 藍
img-stats-key = 每子：吃子分數，下：僱傭 · 打入主戰場 · 高維躍遷
img-outside = 圖外：{ $list }
img-long-number = { $head }…{ $tail } ({ $digits } 位)
arg-game = 遊戲名稱
arg-action = 一步行動
arg-square = 一個格子
arg-admin-abort = 「abort #編號」
arg-button = 一個按鈕
lang-name-en = English
lang-name-zh-Hans = 簡體中文
lang-name-zh-Hant = 繁體中文
notif-on = 開
notif-off = 關
pings-dm = 私訊（私訊不通時改為提及）
pings-mention = 在對局所在的聊天中提及
pings-off = 關

## 選項錯誤

opt-err-malformed = 選項 { $pair } 不是 鍵=值 的形式
opt-err-unknown = 沒有選項 { $key }（可用：{ $known }）
opt-err-duplicate = 選項 { $key } 給了兩次
opt-err-bad-value = 選項 { $key } 不能是 { $value }（應為：{ $expected }）
opt-or = { " 或 " }
opt-and = { " 和 " }
expect-bool = true 或 false
expect-one-of = { $names }
expect-range = { $min } 到 { $max } 之間的整數
expect-range-or-auto = { $min } 到 { $max } 之間的整數，或 auto
expect-duration = 時長，如 60s 或 5m，從 { $min } 到 { $max }
expect-board = 直行數x橫列數，每邊 { $min } 到 { $max }，例如 4x4
expect-number = 整數
expect-handicap = none、level1..level7（讓n級子）或 steps2..steps1000（讓n步先）
opt-err-needs = 選項 { $key } 需要 { $needs }
opt-err-only-with = 選項 { $key } 只能與 { $with } 一起用
opt-err-public-in-challenge = 選項 { $key } 在兩人質疑玩法中不能為 false：那裡雙方的位置是公開的
opt-err-one-side-steps = 選項 { $key }：紅方已經讓步先，藍方不能同時讓步先（只能有一方先走）
opt-err-no-fair-start = start=fair 抽了 { $draws } 次，沒有找到能證明可以共贏的開局；請再 /new 一次
opt-err-bad-start = 選項 { $key }：開局局面無法載入（這是我的錯誤，請回報）
rb-kind-p = 跳兵
rb-kind-n = 馬仔
rb-kind-r = 車夫
rb-kind-b = 相爺
rb-kind-c = 山炮
rb-kind-k = 老王
rb-kind-q = 老後
rb-kind-j = 公子
rb-kind-g = 大哥

# 暗弈分野圖片下方的紀錄：柵欄方向、報告、偏向。
img-dir-u = 上
img-dir-d = 下
img-dir-l = 左
img-dir-r = 右
img-rel-up = 上
img-rel-down = 下
img-rel-left = 左
img-rel-right = 右
img-rel-up-left = 左上
img-rel-up-right = 右上
img-rel-down-left = 左下
img-rel-down-right = 右下
img-rel-same = 同格
img-lean-up = 偏上
img-lean-down = 偏下
img-lean-left = 偏左
img-lean-right = 偏右
img-distance = ，距離{ $n }

## Argument names: /help's grammar and Discord's option names (values come back under the English name)
arg-name-game = 遊戲
arg-name-opponent = 對手
arg-name-options = 選項
arg-name-id = 編號
arg-name-action = 行動
arg-name-answer = 回應
arg-name-language = 語言
arg-name-notifications = 通知
arg-name-digest = 每日摘要
arg-name-pings = 輪到提醒
arg-name-window = 範圍
arg-name-square = 格子
arg-name-slice = 切片
arg-name-token = 權杖
arg-name-button = 按鈕
arg-name-key = 選項
arg-name-value = 值

## Options in words (rules summaries of invitations and starts)
optword-dark-fence-start = { $value ->
    [free] 自由起點（各自選格）
   *[other] 固定起點
}
optword-dark-fence-p2_sees_p1_start = { $value ->
    [true] 後手得知先手的起點
   *[other] 後手不知先手的起點
}
optword-dark-fence-first_move_onto_opponent = { $value ->
    [allowed] 第一步可停在對方格上
   *[other] 第一步停在對方格上判負
}
optword-dark-fence-edge_empty = { $value ->
    [true] 邊空：柵欄可放在邊界上
   *[other] 邊界上不放柵欄
}
optword-dark-fence-edge_empty_repeat = { $value ->
    [true] 邊界同一段可放兩次
   *[other] 邊界每段至多一次
}
optword-dark-fence-juesha = { $value ->
    [true] 絕殺：面積相等時剩餘柵欄少者勝
   *[other] 無絕殺
}
optword-dark-fence-juesha_count_border = { $value ->
    [true] 絕殺計入邊界柵欄
   *[other] 絕殺不計邊界柵欄
}
optword-dark-fence-report = { $value ->
    [dir16] 對方方位報十六向
    [dir8-manhattan] 方位報八向加曼哈頓距離
    [dir8-chebyshev] 方位報八向加切比雪夫距離
    [dir16-manhattan] 方位報十六向加曼哈頓距離
    [exact] 報對方的確切位置
   *[other] 對方方位報八向
}
optword-dark-fence-allow_stay = { $value ->
    [false] 每步必須離開原格
   *[other] 可以停在原格
}
optword-dark-fence-max_waypoints = 每條路徑至多 { $value } 格
optword-dark-fence-confirm_moves = { $value ->
    [false] 走法不經確認直接執行
   *[other] 走法確認後才執行
}
optword-dark-fence-assist = { $value ->
    [0] 無私下提示
    [2] 提醒自己柵欄的問題
   *[other] 提供自己的視圖
}
optword-dark-fence-challenge_scope = { $value ->
    [latest-move-only] 質疑只查最近一步
   *[other] 質疑檢查整局
}
optword-dark-fence-window_timeout = 質疑時限 { $value }
optword-dark-fence-partition_handling = { $value ->
    [claim] 可宣告分野
    [auto] 一旦分野立即結束
   *[other] 不判分野
}
optword-dark-fence-auto_b = { $value ->
    [true] 停在對方格上立即結束
   *[other] 停在對方格上須經質疑
}
optword-dark-fence-ply_cap = { $value ->
    [auto] 通常的手數上限
   *[other] 至多 { $value } 手
}
optword-dark-fence-cap_adjudication = { $value ->
    [replay-original] 達到手數上限時按裁判規則判定
   *[other] 達到手數上限為和棋
}
optword-dark-fence-commitments = { $value ->
    [true] 公布密封記錄的雜湊
   *[other] 不公布雜湊
}
optword-ultima-immobilizer = { $value ->
    [pure] 純麻醉者（己方麻醉者或模仿者貼著時其餘棋子不受麻醉）
   *[other] 麻醉者相鄰的敵子一律不能動
}
optword-ultima-suicide = { $value ->
    [off] 不可自殺
   *[other] 被麻醉的棋子可自行移除
}
optword-ultima-chameleon = { $value ->
    [pure] 模仿者跳吃只吃跳吃者
   *[other] 模仿者跳吃時兼做其他吃法
}
optword-ultima-setup = { $value ->
    [mirrored] 黑方底線鏡像排列
   *[other] 黑方底線旋轉排列
}
optword-ultima-nocapture_limit = { $value ->
    [0] 不因久無吃子判和
   *[other] 雙方各 { $value } 步無吃子判和
}
optword-perfect10-move_rule = { $value ->
    [0] 無步數規則
   *[other] 雙方各 { $value } 步無吃子且無兵步判和
}

## 社群：等級分、排行榜、戰績、歷史（docs/community.md）
help-leaderboard = 本群（私聊中：跨社群對局）某個遊戲等級分最高的玩家，以及你的名次（最少=5：只列下過至少 5 局計分對局的玩家）
help-profile = 某位玩家在本群的等級分、戰績和最近結果（不寫 @玩家 就是你自己）
help-history = 本群最近結束的對局，附結果和編號，每頁十局（頁=2 看更早的）
discord-opt-player = 玩家（留空：/profile 是你自己，/history 是所有人）
arg-name-player = 玩家
discord-opt-min = 只列下過至少這麼多局計分對局的玩家
arg-name-min = 最少
discord-opt-page = 第幾頁，從 1 起（最新的對局）
arg-name-page = 頁
err-community-only = 這個命令針對群組的對局：請在群裡使用。
rating-changes = #{ $id } 等級分：{ $players }。
rating-change = { $name } { $rating }（{ $change }）
rating-record = { $games } 局：{ $wins } 勝 { $draws } 和 { $losses } 負
lb-title = { $pool ->
    [yes] 跨社群對局的
   *[no] 本群
 }{ $game }排行榜（? 表示等級分尚未穩定）：
lb-line = { $rank }. { $name } { $rating } · { $record }
lb-you = 你在 { $total } 人中排第 { $rank } 名，等級分 { $rating }。
lb-you-none = 你在{ $pool ->
    [yes] 跨社群對局中
   *[no] 本群
 }還沒有{ $game }等級分：下完一局計分對局就有了。
lb-empty = { $pool ->
    [yes] 跨社群對局中
   *[no] 本群
 }還沒有結束的{ $game }計分對局。
lb-title-min = { $pool ->
    [yes] 跨社群對局的
   *[no] 本群
 }{ $game }排行榜，只列下過至少 { $min } 局計分對局的玩家（? 表示等級分尚未穩定）：
lb-empty-min = { $pool ->
    [yes] 跨社群對局中
   *[no] 本群
 }還沒有玩家下滿 { $min } 局計分的{ $game }。
lb-you-few = 你在{ $pool ->
    [yes] 跨社群對局中
   *[no] 本群
 }下過 { $games } 局計分的{ $game }，不到本榜要求的 { $min } 局。
profile-title = { $name } 在本群的等級分（? 表示尚未穩定）：
profile-line = { $game }：{ $rating } · { $record }
profile-form = { $went ->
    [won] { $single ->
        [yes] 上一局勝
       *[other] 連勝 { $streak } 局
    }
    [lost] { $single ->
        [yes] 上一局負
       *[other] 連負 { $streak } 局
    }
   *[drawn] { $single ->
        [yes] 上一局和
       *[other] 連和 { $streak } 局
    }
 } · 最近（新的在前）：{ $recent }
profile-chart-title = 每局後的等級分
profile-chart-x = 對局數
profile-none = { $name } 在本群還沒有計分對局。
went-won = 勝
went-lost = 負
went-drawn = 和
history-title = 本群最近的對局：
history-title-player = { $name } 在本群最近的對局：
history-none = 本群沒有符合條件的已結束對局。
history-page = 第 { $page } 頁，共 { $pages } 頁。
history-page-more = 第 { $page } 頁，共 { $pages } 頁；更早的對局：頁={ $next }。
err-no-such-page = 沒有第 { $page } 頁：一共只有 { $pages } 頁。
history-won = #{ $id } { $game }：{ $winner } 勝 { $loser } · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不計分
}
history-drawn = #{ $id } { $game }：{ $p1 } 與 { $p2 } 和棋 · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不計分
}
history-both-won = #{ $id } { $game }：{ $p1 } 與 { $p2 } 共贏 · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不計分
}
history-both-lost = #{ $id } { $game }：{ $p1 } 與 { $p2 } 同輸 · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不計分
}
help-export = 某局的棋譜（文字檔，記下每一步；暗弈分野須等對局結束）
err-no-record = 這裡沒有 #{ $id } 這一局。
err-record-hidden = #{ $id } 的著法是隱藏的：對局結束後才能匯出棋譜。
export-caption = #{ $id } 的棋譜（{ $game }，共 { $plies } 手）：開頭是對局資訊（棋手、日期、結果），然後每手一行，附上群裡當時的播報。
arg-id = 對局編號（#編號）
help-replay = 已結束對局的動畫回放，每一手一格
err-replay-running = #{ $id } 還在進行：結束後才有回放。
replay-caption = #{ $id } 的回放（{ $game }，共 { $plies } 手）。
err-replay-busy = 上一個回放還在繪製中；請等它發出後再請求。
help-follow = 私下接收某局的公開播報（#編號），或某位玩家在本群所有對局的公開播報（@玩家）
help-unfollow = 取消關注某局或某位玩家
arg-follow = 一局（#編號）或一位玩家（@名字）
follow-game = 你關注了 #{ $id }：它的公開播報會私下傳給你。/取消關注 #{ $id } 即可停止。
follow-game-already = 你已經關注了 #{ $id }。
unfollow-game = 你不再關注 #{ $id }。
unfollow-game-not = 你沒有關注 #{ $id }。
follow-player = 你關注了 { $name } 在本群的對局：它們的公開播報會私下傳給你。對這位玩家用 /取消關注 即可停止。
follow-player-already = 你已經關注了 { $name } 在本群的對局。
unfollow-player = 你不再關注 { $name } 在本群的對局。
unfollow-player-not = 你沒有關注 { $name } 在本群的對局。
err-follow-own = 你就在下 #{ $id }：它的播報本來就會傳給你。
err-follow-self = 你自己對局的播報本來就會傳給你。

## 離開棋桌：每日摘要、休假、關聯帳號 (docs/community.md)

digest-on = 開（下次 { $at }）
digest-off = 關
discord-opt-digest = 每天私訊列出等你行動的對局：on 或 off
digest-header = 你的每日摘要：{ $count } 局等你行動，截止最近的在前：
digest-footer = /settings digest=off 可停止此訊息。
games-line-timed = { $line }（剩 { $left }）
games-line-paused = { $line }（休假至 { $until }，計時暫停）
games-line-platform = { $platform }：{ $line }
help-vacation = 休假：通信對局的計時暫停（/vacation off 提前回來）
arg-name-days = 天數
discord-opt-days = 休假天數，或 off 提前回來（留空：查看剩餘天數）
vacation-status-off = 今年（UTC）你還有 { $left }/{ $allowance } 天假。/vacation <天數> 暫停你在通信對局中的計時；即時對局不暫停。
vacation-status-on = 你在休假，至 { $until }：你在通信對局中的計時暫停。你下一步棋或 /vacation off 即提前結束休假。今年還剩 { $left }/{ $allowance } 天。
vacation-started = 休假至 { $until }：你在通信對局（{ $games }）中的計時暫停。即時對局不暫停。你下一步棋或 /vacation off 即提前結束。今年還剩 { $left }/{ $allowance } 天。
vacation-no-games = 目前沒有進行中的對局
vacation-told = { $name } 休假至 { $until }：在其回來之前，{ $games } 中其計時暫停。
vacation-back-told = { $name } 休假回來了：{ $games } 的計時恢復。
vacation-ended = 歡迎回來：你的計時恢復。今年還剩 { $left }/{ $allowance } 天假（未開始的天數已退回）。
vacation-over = 你的休假結束了：計時恢復。
err-vacation-days = 請給出 1 到 { $left } 之間的整天數（今年剩餘的假期），或用 /vacation off 提前回來。
err-vacation-none-left = 今年的 { $allowance } 天假你已用完。
err-vacation-running = 你已在休假，至 { $until }。先用 /vacation off 結束，再休新的假。
err-vacation-not = 你沒有在休假。/vacation <天數> 開始休假。
help-link = 關聯你在其他平台的帳號：所有對局一個 /games 列表、一份摘要
help-unlink = 取消此帳號與其他帳號的關聯
arg-name-code = 代碼
discord-opt-code = /link 給你另一個帳號的代碼（留空：取得代碼）
link-code = 你的關聯代碼：{ $code }。請在 { $minutes } 分鐘內，用你在另一平台的帳號私訊我 /link { $code }：之後 /games 與每日摘要會列出兩邊的對局。
link-linked = 已關聯：{ $accounts }。
link-done = 已關聯：{ $accounts }。私聊中的 /games 與每日摘要會列出所有這些帳號的對局。/unlink 可取消。
unlink-done = 此帳號已不再與你的其他帳號關聯。
unlink-not = 此帳號沒有關聯任何其他帳號。
err-link-code = 這個關聯代碼不存在或已過期。請在另一個帳號上用 /link 取得新代碼。
err-link-self = 這是本帳號自己的代碼：請從另一平台的帳號傳送。
err-link-private = 關聯代碼是私人的：請在與我的私聊中使用 /link。

## Position mistakes: why a position="…" was refused (the detail of err-position)
# After pos-bad-castling, pos-chaos-malformed, pos-unreadable and pos-impossible, English readers
# also get the parser's own sentence, which exists only in English (src/table/narrate.rs).
pos-wrong-game = 這些選項屬於另一種棋
pos-empty = 局面文字是空的
pos-rank-count = 局面要有 { $ranks } 行，用 `/` 分隔，這裡卻是 { $found } 行
pos-rank-length = 第 { $rank } 行寫了 { $squares } 格，應為 { $files } 格
pos-bad-character = `{ $found }` 既不是棋子字母（{ $letters }），也不是空格的數目
pos-missing-side = 棋盤之後缺少行棋方（w 或 b）
pos-bad-side = 行棋方只能是 w 或 b，不能是 `{ $found }`
pos-trailing = 局面後面多了 `{ $found }`
pos-king-count = { $color }有 { $count } 個國王，每方必須恰好一個
pos-too-many = { $color }有 { $count } 個{ $piece }，多於開局時的 { $max } 個
pos-king-capturable = 不該走棋的{ $color }，其 { $king } 的國王可被 { $attacker } 的{ $piece }吃掉
pos-bad-castling = 王車易位權 `{ $found }` 不成立：只能是 - 或 KQkq 的一部分，且相應的國王和城堡都在原位
pos-bad-en-passant = 吃過路兵的格子 `{ $found }` 不是兵卒剛剛越過的格子
pos-bad-counter = `{ $found }` 不是步數
pos-pawn-rank = 兵卒不能站在 { $square }
pos-opponent-in-check = 不該走棋的一方正被將軍，合法的著法不會留下這種局面
pos-chaos-malformed = 應寫成 `b1,...,b12;side;last`：12 個以逗號分隔的格子（數字 0 到 12，0 為空），行棋方 0（甲）或 1（乙），上一步走的棋子 0 到 12 或 p
pos-chaos-duplicate = 棋子 { $piece } 出現了兩次
pos-unreadable = 局面文字讀不通
pos-impossible = 這個局面在對局中不可能出現

# 每個聊天自己的語言（/settings chat-language=…）。
chat-language-set = 本聊天的語言現在是{ $language }：此後新對局在這裡用它公告{ $games ->
    [0] 。
   *[other] ，正在進行的 { $games } 局也一樣。
}每位玩家私下收到的訊息仍用各自的語言（/settings language=…）。
chat-language-cleared = 本聊天不再有自己的語言：每局新對局在這裡用其建立者的語言公告。
err-chat-language-admins = 只有本聊天的管理員才能設定它的語言。
err-chat-language-private = 聊天的語言要在該聊天裡設定：在那裡傳送 /settings chat-language=en|zh-Hans|zh-Hant。
discord-opt-chat_language = 本聊天對局公告的語言（管理員；auto：各局建立者的語言）
arg-name-chat_language = 聊天語言
lang-name-auto = 自動（各局建立者的語言）

## Seeks (/seek, /unseek; docs/community.md "Seeks")

help-seek = 按你的條件（遊戲、選項、用時）等待對手；只輸入 /seek 列出公開的尋戰
help-unseek = 取消尋戰：某個遊戲的，或你的全部
err-seek-position = 尋戰只用於從標準開局開始的對局：要從局面開始，請用 /new 加 position=。
err-seek-limit = 你已有 { $limit } 個尋戰，已達上限：請先用 /unseek 取消一個。
err-seek-unreachable = 這個遊戲會私下告訴每位玩家各自的視圖，而我還無法私訊你：請先在私聊中給我傳送 /start，然後再 /seek。
err-seek-unreachable-link = 這個遊戲會私下告訴每位玩家各自的視圖，而我還無法私訊你：請開啟 { $link } 並點「開始」，然後再 /seek。
seek-terms = { $game }，{ $clock }，{ $rated ->
    [yes] 計等級分
   *[no] 不計等級分
}
seek-waiting = { $name } 在尋找對手：{ $terms }。想下的話，在這裡或本社群的其他頻道輸入 { $command }。有效至 { $until }；/unseek 可撤回。
seek-renewed = 你的尋戰已重新開放：{ $terms }，有效至 { $until }。
seek-list-none = 這裡沒有公開的尋戰。發起一個：/seek <遊戲> [選項]。
seek-list = 公開的尋戰：
seek-line = { $name }：{ $terms }。應戰：{ $command }
seek-unseek-done = 已撤回你的 { $count } 個尋戰。
seek-unseek-none = 你沒有公開的尋戰。
seek-paired-elsewhere = 你與 { $opponent } 配對成功：{ $game } #{ $id } 在對方發起尋戰的頻道進行。
seek-answered = 你的尋戰找到了對手：{ $opponent }。{ $game } #{ $id } 已在你發起尋戰的聊天中開始。
seek-expired = 你的尋戰已結束，未找到對手：{ $terms }。可再次 /seek 繼續等待。
seek-bot-offer = 你的尋戰（{ $terms }）暫時無人應戰。你可以先和我下一局：{ $command }（尋戰仍然有效）。
btn-seek = 應戰
err-seek-gone = 這個尋戰已不再開放：已被應戰、撤回或已結束。/seek 列出公開的尋戰。
err-seek-own = 這是你自己的尋戰：別人以相同條件 /seek 或點「應戰」即開始對局。/unseek 可撤回。
err-seek-public-off = 本社群的尋戰只在本社群內配對：管理員可用 /settings public-seeks=on 允許與其他社群配對。
seek-waiting-everywhere = { $name } 在所有允許的社群尋找對手：{ $terms }。那裡的任何人輸入 { $command } 即可應戰；對局在與我的私聊中進行。有效至 { $until }；/unseek 可撤回。
seek-paired-private = 你與 { $opponent } 配對成功：{ $game } #{ $id } 在我們的私聊中進行。
seek-answered-private = 你的尋戰找到了對手：{ $opponent }。{ $game } #{ $id } 就在這個私聊中進行。
seek-public-on = 本社群帶 scope=everywhere 的尋戰現在可與所有允許的社群配對，在與我的私聊中進行。
seek-public-off = 本社群的尋戰現在只在本社群內配對。
discord-opt-public_seeks = 本社群帶 scope=everywhere 的尋戰是否與其他社群配對（管理員）：on 或 off
place-private-chat = 我們的私聊
arg-name-public_seeks = 公開尋戰

## 比賽（/tournament）

help-tournament = 本群組的比賽：新建、加入、退出、開始、排名、對陣、除名 @玩家、結束
arg-task = 要做什麼：建立、加入、退出、開始、排名、對陣、除名或結束
arg-name-task = 操作
discord-opt-task = 對本頻道的比賽做什麼
tournament-action-new = 新建
tournament-action-join = 加入
tournament-action-leave = 退出
tournament-action-start = 開始
tournament-action-standings = 排名
tournament-action-pairings = 對陣
tournament-action-withdraw = 除名
tournament-action-end = 結束
tournament-name = { $game }{ $format ->
    [roundrobin] 循環賽
    [double] 雙循環賽
   *[swiss] 瑞士制比賽
} #{ $id }
tournament-made = { $maker } 建立了{ $name }：{ $terms }，{ $rounds ->
    [0] 輪數在開始時確定
   *[other] 共 { $rounds } 輪
}，最多 { $max } 人。想參加的話，在這裡輸入 /比賽 加入。
tournament-starts-at = 比賽於 { $at } 開始。
tournament-starts-by-maker = { $maker } 或管理員輸入 /比賽 開始 時比賽開始。
tournament-joined = { $player } 加入了{ $name }（{ $count } 人，最多 { $max } 人）。
tournament-joined-late = { $player } 加入了{ $name }，從第 { $round } 輪起參加配對（錯過的輪次記 0 分）。
tournament-left = { $player } 退出了{ $name }。
tournament-withdrew = { $player } 退出了{ $name }：從第 { $round } 輪起不再配對（正在進行的對局照常進行）。
tournament-withdrawn = { $by } 將 { $player } 從{ $name }除名：從第 { $round } 輪起不再配對（正在進行的對局照常進行）。
tournament-board = { $board }. { $white } – { $black }：{ $result }
tournament-board-bye = { $board }. { $player }：輪空（{ $points }）
tournament-playing = #{ $id }，進行中
tournament-played = #{ $id }，{ $white }–{ $black }
tournament-forfeit = 未下，{ $white }–{ $black }
tournament-round-started = { $name }：第 { $round } 輪（共 { $rounds } 輪）開始了。每台先寫的一方先行。
tournament-round-pairings = { $name }，第 { $round } 輪（共 { $rounds } 輪）：
tournament-told-first = { $name }第 { $round } 輪：你對 { $opponent }，你先行，對局 #{ $id }。
tournament-told-second = { $name }第 { $round } 輪：你對 { $opponent }，對方先行，對局 #{ $id }。
tournament-told-bye = { $name }第 { $round } 輪：本輪你沒有對局（輪空）。
tournament-tb-buchholz = 對手分
tournament-tb-sb = 索伯分
tournament-tb-direct = 直勝
tournament-final-standings = { $name }：最終排名
tournament-standings-after = { $name }：{ $round ->
    [0] 目前的參賽者
   *[other] 第 { $round } 輪後的排名（共 { $rounds } 輪）
}
tournament-no-players = 還沒有人參加：/比賽 加入。
tournament-standing-line = { $place }. { $player }：{ $points } 分
tournament-standing-breaks = （{ $breaks }）
tournament-withdrawn-mark = （已退出）
tournament-winner = { $shared ->
   *[no] { $players } 以 { $points } 分獲得{ $name }冠軍！
    [yes] { $players } 以 { $points } 分並列{ $name }第一！
}
tournament-col-player = 棋手
tournament-col-points = 積分
tournament-more = ……另有 {"{"}n{"}"} 人
tournament-ended-by = { $by } 提前結束了{ $name }；仍在進行的對局不再計分。
tournament-too-few = { $name }沒有開始：參加的人不到兩位。
err-tournament-none = 這裡沒有比賽。管理員可以建立：/比賽 建立 <遊戲> 賽制=瑞士|循環。
err-tournament-exists = 本群組已有一場未結束的比賽（#{ $id }）：/比賽 排名 可查看，組織者可以 /比賽 結束 結束它。
err-tournament-makers = 只有本社群的管理員可以在這裡建立比賽（管理員可以允許所有人：/設定 比賽=所有人）。
err-tournament-organisers = 只有比賽的建立者或本群組管理員可以這樣做。
err-tournament-closed = 這場比賽不再接受報名：循環賽開始後不能加入，瑞士制比賽排出最後一輪後不能加入。
err-tournament-full = 這場比賽已滿（{ $max } 人）。
err-tournament-already = 你已經在這場比賽中了。
err-tournament-not-playing = 這位玩家不在這場比賽中（或已退出）。
err-tournament-started = 這場比賽已經開始了。
err-tournament-too-few = 比賽至少需要兩位玩家才能開始：/比賽 加入。
err-tournament-over = 這場比賽已經結束：/比賽 排名 可查看最終排名。
err-tournament-no-round = 第 { $round } 輪還沒有配對。
err-tournament-setting = { $key }={ $value } 不是這場比賽能用的設置：賽制=瑞士|循環，輪數=1–30（瑞士制），雙循環=是|否（循環賽），開始=30m|2h|1d，人數=2–200（循環賽最多 30）。
err-tournament-needs-game = 請寫明遊戲：/比賽 建立 <遊戲> [賽制=瑞士|循環] [輪數=N] …
err-tournament-needs-player = 請寫明玩家：/比賽 除名 @玩家。
err-tournament-unreachable = 這個遊戲要私下告訴每位玩家各自的視圖，但我還不能給你發私訊：請先私訊我發送 /start，再輸入 /比賽 加入。
err-tournament-unreachable-link = 這個遊戲要私下告訴每位玩家各自的視圖，但我還不能給你發私訊：請打開 { $link } 並點擊開始，再輸入 /比賽 加入。
arg-name-tournaments = 比賽
discord-opt-tournaments = 本社群誰可以建立比賽（管理員設定）
tournament-makers-admins = 管理員
tournament-makers-everyone = 所有人
tournament-makers-admins-set = 現在只有本社群的管理員可以建立比賽。
tournament-makers-everyone-set = 現在本社群的任何人都可以建立比賽（/比賽 建立）；由建立者開始和結束。
tournament-place-title = { $name } · 第 { $round } 輪
tournament-place = 對局在「{ $place }」中進行。

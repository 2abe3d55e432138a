# 裁判的每一句话（简体中文）。消息 id 与 ../en/arbiter.ftl 相同（有测试检查两者一致）。

## 游戏与按钮

# 列举，依 CLDR 的列表格式：两项用 `-pair`；更多项用 `-start`（第一项与其余）、`-middle`（一项与其余）与 `-end`（最后两项）。
# 句中列举各项（走法、挡子、对局、棋手）。
list-pair = { $first }、{ $second }
list-start = { $first }、{ $second }
list-middle = { $first }、{ $second }
list-end = { $first }、{ $second }

# 摘要中的短语（对局的选项）。
list-phrase-pair = { $first }，{ $second }
list-phrase-start = { $first }，{ $second }
list-phrase-middle = { $first }，{ $second }
list-phrase-end = { $first }，{ $second }

# 时长的单位（`1天2小时`）。
list-unit-pair = { $first }{ $second }
list-unit-start = { $first }{ $second }
list-unit-middle = { $first }{ $second }
list-unit-end = { $first }{ $second }

# 照原样输入的代码与记谱（游戏代码、走法、权限），各语言相同。
list-code-pair = { $first }, { $second }
list-code-start = { $first }, { $second }
list-code-middle = { $first }, { $second }
list-code-end = { $first }, { $second }

game-dark-fence = 暗弈分野
btn-accept = 接受
btn-decline = 拒绝
btn-confirm = 确认
btn-cancel = 撤回
btn-challenge = 质疑
btn-pass = 不质疑
btn-claim = 分野！

## 帮助

help-header = 命令：
help-new = 在本频道开一局，邀请 @某人（或任何人），或与我对弈：@bot level=1 到 6
help-accept = 接受邀请
help-decline = 拒绝邀请
help-move = 行动（暗棋请在与我的私聊中发送）
help-confirm = 确认我复述的行动
help-cancel = 撤回我复述的行动
help-board = 显示公开棋盘
help-view = 显示你的私人视图（私聊发送）；乌合之众中 /view z x1..x2 y1..y2 显示三维观察
help-challenge = 质疑对方（暗弈分野两人质疑玩法）
help-pass = 不质疑（暗弈分野）；没有合法着法时停一手（完美十乘十）
help-claim = 宣布双方已被分隔（暗弈分野自定规则）；以三次重复局面要求和棋（完美十乘十）
help-resign = 认输
help-draw = 提和，或回应提和
help-takeback = 请求悔棋，或回应（暗棋不可悔棋）
help-abort = 在第一步之前取消对局
help-games = 本频道的对局，以及所有等你行动的对局
help-rules = 游戏规则与选项
help-help = 本列表
help-settings = 你的语言、提醒、轮到你时的通知与每日摘要
help-console-header = 本地控制台专用：
help-console-as = /as <名字>：换成另一个用户（/as bob）
help-console-dm = /dm：你与我的私聊
help-console-channel = /channel [#频道]：回到频道，或换到另一个频道
help-console-quit = /quit：离开（所有对局都会保留）
help-admin = 取消任意对局（管理员）
help-start = 开启与我的私聊
help-press = 按下按钮

## 拒绝

err-internal = 我这边出了点问题。对局安全无损，请再试一次。
err-unknown-command = 我不认识 /{ $command }。请看 /help。
err-console-command = 要以谁的身份下？输入 /as 加名字，例如 /as bob。控制台专用的命令：
err-missing = /{ $command } 需要{ $what }。请看 /help。
err-bad-argument = /{ $command } 看不懂“{ $arg }”。请看 /help。
err-bad-count = /{ $command }：{ $key }= 后面要写从 1 起的整数，例如 { $key }=5；“{ $value }”不是。什么也没做。
err-line-too-long = 这一行有 { $length } 个字符；我每行最多读 { $limit } 个字符，所以没有处理它。请发短一些的。
err-not-admin = 只有本群管理员可以这样做。
err-start-private = 请在与我的私聊中发送 /start。
err-game-not-yours = 你不能在对局 #{ $id } 中这样做。
err-no-such-game = 没有进行中的对局 #{ $id }。
err-solver-busy = 你上一个请求还在计算中；请等它有了答复再问。
err-unresumable = 对局 #{ $id } 无法继续：它的记录在当前版本的机器人上已无法重放。管理员可用 /admin abort #{ $id } 结束它。
undelivered-dropped = 有 { $count } 条发往本群的消息在 { $age } 内未能送达，已被丢弃。对局本身都已保存：/games 列出对局，/board 查看棋盘。
unresumable-told = 对局 #{ $id } 无法继续：它的记录在当前版本的机器人上已无法重放。此局不能再下；管理员可用 /admin abort #{ $id } 结束它。
games-line-unresumable = #{ $id } { $game }：无法继续
err-invitations-user = 你已有 { $limit } 个未回应的邀请。请等对方回应，或用 /abort 取消一个，再发起新的邀请。
err-invitations-chat = 本频道已有 { $limit } 个未回应的邀请。请先接受或用 /abort 取消一个，再开新局。
err-no-game-here = 你在这里没有适用的对局。请看 /games。
err-game-elsewhere = 你在这个聊天里没有适用的对局；你的对局：{ $games }。请到那里输入，或私信我并写上对局编号（如 #{ $first }）。
game-elsewhere-item = #{ $id }（{ $game }）在{ $place }
place-other-chat = 另一个聊天
err-which-game = 哪一局？请在下方选择，或加上编号：{ $ids }。
err-group-only = 请在群组频道中开局，而不是私聊。
err-unknown-game = 我不认识游戏“{ $game }”。可选：{ $known }。
err-self-invite = 不能邀请自己。
err-options = 这些设置不可用：{ $detail }。请看 /rules。
err-position = 这不是 { $game } 能开始的局面：{ $detail }。局面的写法见 `/rules { $game }`，要加引号：position="…"。
err-settings = 无法修改“{ $detail }”。例如：/settings language=zh-Hans notifications=off
err-no-invite = 这里没有给你的邀请。
err-already-started = 这局已经开始了。
err-own-invite = 这是你发出的邀请；请等待他人接受，或用 /abort 取消。
err-not-invited = 对局 #{ $id } 邀请的是别人。
err-decline-open = #{ $id } 是公开邀请，谁都可以接受，无需拒绝。想下就接受，不想下就留给别人。
err-view-not-playing = 只有 #{ $id } 的玩家才有私人视图；/board 显示所有人都能看到的棋盘。
err-unreachable = 我无法私聊 { $names }，而这局需要私信。请打开与我的私聊并发送 /start，然后再次 /accept #{ $id }。
err-unreachable-link = 我无法私聊 { $names }，而这局需要私信。请点下方的“{ btn-open-private }”，再点“开始”：私聊一打开就加入第 #{ $id } 局（或在私聊发送 /start，然后再次 /accept #{ $id }）。
dm-failed = 我无法再私聊 { $name }，{ $name } 没有收到第 #{ $id } 局的一条私信（对局不受影响）。{ $who }：请打开与我的私聊并发送 /start，然后发送 /view #{ $id }。
dm-failed-link = 我无法再私聊 { $name }，{ $name } 没有收到第 #{ $id } 局的一条私信（对局不受影响）。{ $who }：请点下方的“{ btn-open-private }”，再点“开始”，即可重新看到你的视图。
secret-kept = 我在这里无权删除消息，你的棋步仍然人人可见：请自己删掉它。以后请在私聊里把棋步发给我。
secret-kept-link = 我在这里无权删除消息，你的棋步仍然人人可见：请自己删掉它。以后请在私聊里把棋步发给我（点下方的“{ btn-open-private }”）。
btn-open-private = 打开私聊
invitee-unmet = 我还没见过 { $handle }，没法私聊对方。{ $handle }：点上方的“接受”即可开始；想收到我的私信，请点下方的“{ btn-open-private }”，再点“开始”。这个座位别人不能占。
err-discord-permissions = 我无法在这个频道主持对局：缺少权限 { $list }。服务器管理员可在频道设置的“权限”中授予；对局没有创建。
tg-follows-shortly = 已收到。本群已达到 Telegram 的消息频率上限，我的回复稍后发出。
perm-view-channel = 查看频道
perm-send-messages = 发送消息
perm-attach-files = 附加文件
perm-embed-links = 嵌入链接
perm-create-public-threads = 创建公开子区
perm-send-messages-in-threads = 在子区中发送消息
err-not-a-player = 你不是这局的玩家。
err-private-only = 这个游戏的行动是保密的：请在与我的私聊中发送，不要发在这里。未执行任何行动。
err-not-started = 这局还没有开始。
err-game-over = 这局已经结束。
err-not-your-turn = 现在轮到 { $name }。
err-nothing-to-confirm = 没有等待确认的行动。
err-stale-button = 这一手已经过去，此按钮已失效。
err-already-played = 这一手已经走过了。
err-takeback-hidden = 含隐藏信息的游戏不允许悔棋。
err-offer-pending = 你已经提出过了，请等待回应。
err-no-offer = 没有可以回应的提议。
err-nothing-to-take-back = 没有可以悔的棋。
err-abort-started = 对局已经开始；请改用 /resign。

## 对局消息

new-invite = { $creator } 邀请 { $opponent } 下{ $game } #{ $id }。{ $rules }{ $opponent }：/accept #{ $id }
new-open-invite = { $creator } 开了一局{ $game } #{ $id }，等待对手。{ $rules }任何人：/accept #{ $id }
invited-dm = { $creator } 邀请你下{ $game } #{ $id }。可在这里或开局的地方接受或拒绝。
declined = { $name } 拒绝了 #{ $id }。
complete-move = 或者为 #{ $id } { $move } 选择栅栏方向：放在终点格的哪一侧？
confirm-generic = #{ $id }：执行 { $action }？
confirm-cancelled = 已撤回。准备好后请重新发送。
draw-offered = { $name } 在 #{ $id } 提和。{ $other }：/draw accept 或 /draw decline
draw-agreed = { $name } 同意 #{ $id } 和棋。
draw-declined = { $name } 拒绝 #{ $id } 和棋。
takeback-offered = { $name } 请求在 #{ $id } 悔一步。{ $other }：/takeback accept 或 /takeback decline
takeback-agreed = { $name } 同意：#{ $id } 的上一步已撤回。
takeback-declined = { $name } 拒绝 #{ $id } 悔棋。
aborted = { $name } 取消了 #{ $id }。
games-here = 本频道的对局：{ $count }
games-waiting = 等你行动：{ $count }
games-line = #{ $id } { $game }：{ $p1 } 对 { $p2 }，{ $state }
games-more = ……另有 { $count } 局
state-invited = 等待回应
state-to-act = 轮到 { $name }
state-over = 已结束
rules-which = 哪个游戏？{ $known }
rules-options = 选项（/new <游戏> 键=值 ...）：
rules-default = 默认
rules-table-keys = 时间：clock=correspondence|live，per_move=24h（通信对局，1h 至 14d）或 10m（实时对局，1m 至 60m）。
rules-legend = 棋子（代号 名称）：{ $pieces }。查看单个棋子及其走法图：/rules { $game } <代号>。
rules-legend-title = { $game } 棋子
rules-piece = { $code } { $name }：{ $how }。图中圆点是它能走到的格，圆圈是它能吃子的格（从空棋盘中央出发）。
rules-piece-rabble = { $code } { $name }：{ $how }。图中它站在开局局面的 { $square }，四周是棋盘开局就摆满的兵，红方走棋；红圈是它能吃的敌子，绿框是它能叠上去的己方棋子（要花分的一步），圆点是它能走到的空格，都是裁判一步之内接受的走法；它所在的格有底色。
err-no-such-piece = { $game } 没有叫“{ $topic }”的棋子。/rules { $game } 列出所有棋子及其代号。
arg-name-topic = 主题
ul-how-king = 向任意方向走一格，走到敌子上即吃掉它
ul-how-pincer = 走法同车；落点沿横竖方向紧邻的敌子，若其另一侧紧挨着己方棋子，即被夹吃
ul-how-withdrawer = 走法同后；从紧邻的敌子处沿直线背离走开，即吃掉该敌子
ul-how-long-leaper = 走法同后；沿直线跳过敌子吃掉它，每个被跳的敌子后面须紧接一个空格
ul-how-coordinator = 走法同后；与己方国王构成矩形，吃掉矩形另两个角上的敌子
ul-how-immobilizer = 走法同后；不吃子，但紧邻它的敌子被麻醉，不能移动
ul-how-chameleon = 走法同后；用每个敌子自己的吃法吃掉它，并麻醉紧邻的麻醉者
ul-rules-piece =
    { $code } { $name }：{ $how }。
    { $shows }
ul-shows-piece = { $square } 的{ $piece }
ul-shows-king = 国王从 { $from } 走到 { $to }，吃掉{ $captures }。
ul-shows-pincer = 夹吃者从 { $from } 走到 { $to }，吃掉{ $captures }：它另一侧的 { $jaws } 有白方棋子。{ $spared }另一侧没有白方棋子，留在原处。
ul-shows-withdrawer = 拖吃者从 { $from } 沿直线背离走到 { $to }，吃掉紧挨在它身后的{ $captures }；{ $spared }在它旁边而不在身后，留在原处。
ul-shows-long-leaper = 跳吃者从 { $from } 走到 { $to }，跳过路线上的 { $count } 个敌子（每个后面都紧接一个空格），吃掉{ $captures }。
ul-shows-coordinator = 协吃者从 { $from } 走到 { $to }，与在 { $king } 的己方国王构成矩形，吃掉另两个角上的敌子：{ $captures }。
ul-shows-immobilizer = 麻醉者从 { $from } 走到 { $to }，不吃子，但紧邻它的{ $frozen }（共 { $frozen_count } 个）被麻醉，不能移动。
ul-shows-chameleon = 模仿者从 { $from } 走到 { $to }，用每个敌子自己的吃法吃掉它：{ $captures }。它只夹吃夹吃者，所以{ $spared }留在原处。
ul-key-arrow = 走子
ul-key-taken = 吃子
ul-key-frozen = 麻醉
rb-how-p = 向前走一到两格（途中可跳过一子），或横走一格，或斜向前一格；吃法与走法相同
rb-how-n = 跳到正交四步以内的任意格，无视中间棋子；只在第三、四步的格上吃子
rb-how-r = 向任意方向走最多 12 格；吃子：横竖最多 12 格、斜一格，或斜向隔恰好一子打吃
rb-how-b = 向任意方向走最多 12 格；吃子：斜向最多 12 格、横竖一格，或横竖隔恰好一子打吃
rb-how-c = 向任意方向走最多 12 格，最多越过一子；吃子须隔恰好一子（所以空棋盘上不显示吃子）
rb-how-g = 兼有马仔、车夫、相爷、山炮的走法与吃法，直线与斜线上距离不限
rb-how-k = 向任意方向走一格，吃法相同；与敌方老王在无阻隔的直线上相对时可将其吃掉（照面）
rb-how-j = 向任意方向走一格；不能吃子，也不会被吃
rb-how-q = 分两段走：任意距离滑行加老王式一步，顺序不限，也可只走一段；最多吃一子，吃子即结束
rules-position = 从某个局面开始（残局、教学、接着下别处的棋）：/new { $game } position="…"，局面加引号，写法同这个开局局面：{ $example }
settings-show = 语言：{ $language }。提醒：{ $notifications }。轮到你时：{ $pings }。每日摘要：{ $digest }。
settings-saved = 已保存。语言：{ $language }。提醒：{ $notifications }。轮到你时：{ $pings }。每日摘要：{ $digest }。
start-welcome = 你好 { $name }！现在我可以私聊你了。你的秘密行动请发到这里。
timeout-pass = { $name } 在 #{ $id } 未按时决定：视为不质疑。
timeout-loss = { $name } 在 #{ $id } 超时。
reminder = 提醒：#{ $id } 正在等你行动，{ $deadline }超时。
turn-ping = { $who }，轮到你了（#{ $id }）。
clock-correspondence = 每步 { $per }
clock-live = 实时，每步 { $per }
over-win = #{ $id } 结束：{ $winner } 获胜。
over-draw = #{ $id } 结束：平局。
over-aborted = #{ $id } 已取消。
reason-resigned = { $name } 认输。
reason-timeout = { $name } 超时判负。
reason-agreed = 双方同意和棋。
reason-aborted = 在第一步之前取消。
reason-admin-aborted = 由管理员取消。

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
rel-distance = ，距离 { $n }
rel-exact = 在 { $cell }
df-owner-position = 局面预置
df-none = 无
df-mode-referee = 裁判模式
df-mode-challenge = 两人质疑
df-rules-summary = { $board }，{ $mode }，规则：{ $options }，时间：{ $clock }。
df-starts-fixed = 起点：先手 { $c1 }，后手 { $c2 }。
df-starts-free = 自由起点：双方私下选择起点。
df-started = { $game } #{ $id }：{ $p1 }（先手）对 { $p2 }，{ $rules }{ $starts }
df-confirm = #{ $id }：将执行 { $path }，栅栏 { $fence }。
df-puzzle = 原文的题目（原图已佚，这个局面是我们按题意构造的）。上帝视角，双方掌握所有信息：你是后手，在 A1，栅栏 A1:R、A2:R、A3:R 把 A 列隔成一个口袋，只在 A4 与 B4 之间开口；先手在 D1。轮到你走。你该怎样行动，才能在对方下一步最佳行动后还可能存活（并非指胜利）？并不难，关键在于是否理解了规则。回答：/rules dark-fence puzzle <你的行动>，例如 /rules dark-fence puzzle A1-A2 右。
df-puzzle-loses-now = { $move } 当即判负：{ $why }。
df-puzzle-dies = { $move } 活不过下一步：先手应以 { $reply }，栅栏把你关进较小的区域。
df-puzzle-survives = { $move } 可以存活：先手没有一步能当即获胜。思路就是：在先手封口之前离开口袋，并停在再加一道栅栏也关不住你的格子。
df-puzzle-ends = { $move } 当即结束对局。
df-puzzle-not-a-move = 请回答一步行动：从 A1 出发的路径和栅栏方向，例如 A1-A2 右。
cap-df-puzzle = 题目：后手走
df-warn-border = ⚠ { $cell } 的{ $dir }边是边界，本来就有栅栏：在那里放栅栏判负。点取消重新选择。
df-warn-crosses = ⚠ { $from }-{ $to } 这一步越过了你自己的栅栏：越过任何栅栏都判负。点取消重新选择。
df-warn-duplicate = ⚠ 那一边已经有你的栅栏：再放一道判负。点取消重新选择。
df-view-memory = #{ $id } 凭记忆下（assist=0）：你自己的视图在对局结束时给出。每回合的公开棋盘人人可见。
df-ply-public = 第{ $ply }手：{ $mover } 已行动。栅栏方向：{ $dir }。{ $p1 } 看 { $p2 }：{ $rel12 }；{ $p2 } 看 { $p1 }：{ $rel21 }。
df-ply-opponent = #{ $id }：{ $mover } 放置了朝{ $dir }的栅栏。对方位置：{ $rel }。
df-ply-mover = #{ $id } 第{ $ply }手：已执行 { $path }，栅栏 { $fence }。对方位置：{ $rel }。
df-recorded = #{ $id }：已记录（第{ $ply }手）。
df-stopped = 第{ $ply }手：{ $name } 停在 { $cell }。
df-commitment = 承诺 { $hash }
df-window-unmoved = { $target } 还没有走过，此时质疑找不到违规，质疑者判负：请选不质疑。
df-window-private = #{ $id }：{ $context }请你决定：质疑 { $target } 吗？按下方按钮，或发送 /challenge 或 /pass（限时 { $time }；不回答视为不质疑）。
df-passed = { $name } 不质疑。
df-passed-private = #{ $id }：你不质疑 { $target }。
df-challenged = { $by } 质疑 { $against }！
df-claimed = { $by }：分野！
df-start-public = { $name } 的起点是 { $cell }。
df-start-chosen = #{ $id }：你的起点是 { $cell }。
df-in-place = 双方已就位，{ $name } 先行。
df-report = #{ $id }：对方位置：{ $rel }。
df-turn-public = 第{ $ply }手：轮到 { $name }。
df-turn-private = #{ $id }：轮到你（第{ $ply }手）。请发送路径和栅栏方向，例如 { $example }。
df-turn-private-bare = #{ $id }：轮到你（第{ $ply }手）。请发送路径和栅栏方向（按你所知，我举不出可走的例子）。
df-opening = #{ $id }：对局开始，{ $first } 先行，然后轮到你。
df-turn-private-memory = #{ $id }：轮到你走（第 { $ply } 步）。发送从你所在格出发的路径和栅栏方向；本局凭记忆下（assist=0）。
df-setup = #{ $id }：请选择你的起点格，例如 B2。
df-setup-p2 = #{ $id }：{ $p1 } 的起点是 { $cell }。请选择你的起点（不能是 { $cell }）。
df-view-header-seat = #{ $id } { $game }，第{ $ply }手后：你的视图
df-view-header-public = #{ $id } { $game }，第{ $ply }手后：公开棋盘
df-view-cell = 你的位置：{ $cell }。
df-view-cells = 位置：{ $p1 } { $c1 }，{ $p2 } { $c2 }。
df-view-fences = 你的栅栏：{ $list }。
df-view-fence = { $cell } { $dir }（第{ $ply }手放置）
df-view-earlier = （之前还有 { $count } 手：/view 可看全部。）
df-view-setup-report = 开局时对方位置：{ $rel }。
df-view-ply-seat = 第{ $ply }手（{ $mover }）：栅栏朝{ $dir }；对方位置：{ $rel }。
df-view-ply-public = 第{ $ply }手（{ $mover }）：栅栏朝{ $dir }；先手看后手：{ $rel12 }；后手看先手：{ $rel21 }。
df-view-ply-stop = 第{ $ply }手（{ $mover }）：停在 { $cell }{ $record }。
df-view-to-act = 轮到 { $name }。
df-view-to-decide = 等待 { $name } 决定：质疑或不质疑。
df-v-crossed-fence = { $mover } 经过了 { $edge } 的栅栏（{ $owner } 第{ $k }手放置）。
df-v-ended-on-opponent = { $mover } 停在了对方所在的 { $cell }。
df-v-duplicate-fence = { $mover } 在已有栅栏处 { $edge } 放置栅栏。
df-v-border-fence = { $mover } 在边界 { $edge } 放置栅栏（未启用边空）。
df-separated = 栅栏将双方分隔：{ $p1 } { $a1 } 格，{ $p2 } { $a2 } 格。
df-residual = 残余栅栏 { $r1 }:{ $r2 }。
df-challenge-upheld = 质疑成立：{ $against } 在第{ $ply }手犯规：{ $violation }（共 { $count } 处犯规。）
df-challenge-rejected = 质疑不成立：{ $against } 没有犯规，{ $by } 判负。
df-claim-upheld = 分野成立。{ $areas }
df-claim-rejected = 分野不成立：双方并未分隔，{ $by } 判负。
df-ply-cap = 已达步数上限。{ $then }
df-cap-draw = 没有决定胜负的事件：平局。
df-reveal-fence = { $edge }（{ $owner }，第{ $ply }手）
df-reveal = 复盘。栅栏：{ $fences }。行动：{ $moves }。终点：{ $p1 } { $c1 }，{ $p2 } { $c2 }。
df-salts = 盐值：{ $salts }
df-err-empty = 格式错误：行动为空；未执行，请重发。
df-err-bad-token = 格式错误：“{ $token }”既不是格子也不是方向；未执行，请重发。
df-err-direction-not-last = 格式错误：方向“{ $token }”必须在最后；未执行，请重发。
df-err-off-board = 格式错误：{ $cell } 不在棋盘上；未执行，请重发。
df-err-no-direction = 格式错误：缺少栅栏方向（上下左右）；未执行，请重发。
df-err-not-straight = 格式错误：{ $from }→{ $to } 不是直线；未执行，请重发。
df-err-wrong-start = 格式错误：路径必须从你的位置 { $cell } 出发；未执行，请重发。
df-err-too-many-waypoints = 格式错误：路径最多列出 { $max } 个格子；未执行，请重发。
df-err-must-move = 格式错误：本局不允许原地不动，路径必须离开当前格。
df-err-start-taken = { $cell } 是对方的起点，请另选一格。
df-err-not-your-turn = 还没轮到你。
df-err-game-over = 这局已经结束。
df-err-wrong-phase = 现在不能这样做。
df-err-claims-off = 本局规则没有分野宣告。
df-err-no-such-seat = 你不是这局的玩家。
rules-dark-fence = 暗弈分野。在格子棋盘上（默认 4x4；列为 A…，第 1 行在最上方）先手从 A1 出发，后手从对角出发。轮到你时，私聊发给我一条由直线组成的路径和一个方向，例如 A1-A4-B4-B3 右：你的棋子沿路径移动，并在终点格的那一侧放下一道栅栏。边界预先有栅栏。经过任何栅栏（包括自己的）、停在对方所在格（途中穿过可以）、在已有栅栏处放栅栏，都判负。栅栏把双方分隔时，面积大的一方获胜。你只能看到自己的行动；每步之后双方都会得知栅栏方向和对方的相对位置。两人质疑玩法（mode=challenge）：行动密封记录，停留格公开，每步之后双方都可以质疑。
opt-dark-fence-mode = 由机器人当裁判，或两人质疑玩法
opt-dark-fence-board = 棋盘大小，列 x 行
opt-dark-fence-board-values = 列x行，每边 2..26
opt-dark-fence-start = 固定起点，或双方各自选择起点
opt-dark-fence-p2-sees-p1-start = 自由起点：后手得知先手的起点
opt-dark-fence-first-move-onto-opponent = 先手第一步能否停在后手所在格
opt-dark-fence-edge-empty = 边空：可以在边界放栅栏
opt-dark-fence-edge-empty-repeat = 边空：同一段边界可以用两次
opt-dark-fence-juesha = 绝杀：面积相等时残余栅栏少者胜
opt-dark-fence-juesha-count-border = 绝杀：边界上放置的栅栏也计入
opt-dark-fence-report = 相对位置告知的精确程度
opt-dark-fence-allow-stay = 行动可以原地不动
opt-dark-fence-max-waypoints = 一条路径最多列出的格子数
opt-dark-fence-confirm-moves = 每步执行前私下复述确认
opt-dark-fence-assist = 私下协助：0 无，1 按需查看自己的视图，2 另外提醒自己的栅栏
opt-dark-fence-challenge-scope = 两人质疑：质疑检查哪些行动
opt-dark-fence-window-timeout = 两人质疑，实时对局：决定时限；超时视为不质疑
opt-dark-fence-partition-handling = 两人质疑：分隔如何处理
opt-dark-fence-auto-b = 两人质疑：停在对方格立即结束
opt-dark-fence-ply-cap = 两人质疑：最长步数
opt-dark-fence-cap-adjudication = 两人质疑：达到步数上限时的判定
opt-dark-fence-commitments = 两人质疑：公开密封行动的哈希

## Ultima (极相棋)
game-ultima = 极相棋
rules-ultima = 极相棋（Ultima，巴洛克象棋）。8x8 棋盘，白方先行；国王走一步，夹吃者像车一样纵横直走，其余棋子像后一样八方向直走，都不得越子（跳吃者越过被吃的子除外）。吃法各不同：国王走到敌子格上吃子；夹吃者移动后，与任何己方棋子纵横夹住的敌子被吃；拖吃者背离相邻敌子直线移动时吃掉它；跳吃者沿一条线跳过敌子吃掉它们；协吃者吃掉它与己方国王所成矩形另两角上的敌子；麻醉者不吃子，但使相邻敌子不能移动；模仿者以每种敌子自己的吃法吃它。被麻醉的棋子可以自杀（算一步）。走法写起点和终点，例如 /move d2d5（自杀：d2d2）。将死或困毙对手获胜；三次重复局面和无吃子步数上限为和棋。
opt-ultima-immobilizer = cvp：麻醉者相邻的敌子一律不能动；pure：若有己方麻醉者或模仿者贴着对方麻醉者，其余棋子不受麻醉
opt-ultima-suicide = 被麻醉的棋子（国王除外）可以自杀，算一步
opt-ultima-chameleon = combined：模仿者一步完成其几何上满足的所有吃法；pure：跳吃时只吃跳吃者
opt-ultima-setup = rotated：黑方底行与白方中心对称；mirrored：双方底行从 a 到 h 都是 I L X K W X L C
opt-ultima-nocapture-limit = 双方各走这么多步都没有吃子即和棋（0：不限）
ul-white = 白方
ul-black = 黑方
ul-player = { $name }（{ $color }）
ul-piece-king = 国王
ul-piece-pincer = 夹吃者
ul-piece-withdrawer = 拖吃者
ul-piece-long-leaper = 跳吃者
ul-piece-coordinator = 协吃者
ul-piece-immobilizer = 麻醉者
ul-piece-chameleon = 模仿者
ul-rule-displacement = 取代吃
ul-rule-pinch = 夹吃
ul-rule-withdrawal = 拖吃
ul-rule-leap = 跳吃
ul-rule-coordination = 协吃
ul-rules-standard = 标准（原规则的默认设置）
ul-rules-summary = 规则：{ $options }，用时：{ $clock }。
ul-started = { $game } #{ $id }：{ $white }（白方，先行）对 { $black }（黑方），{ $rules }走法：起点格加终点格，例如 /move { $example }（{ $from } 的棋子走到 { $to }）。
ul-moved = #{ $id } 第{ $ply }手：{ $player } { $piece } { $from }-{ $to }
ul-captures = ，吃掉{ $list }
ul-capture = { $square } 的{ $piece }（{ $rule }）
ul-stop = 。
ul-check = 将军！
ul-check-by = 将军：{ $square } 的{ $piece }可以吃掉国王。
ul-frozen-now = { $color }在 { $square } 的{ $piece }被 { $by } 的{ $by_piece }麻醉了{ $removable ->
        [yes] ；{ $color }可以用一步把它移除（{ $move }）
       *[no] {""}
    }。
ul-suicide = #{ $id } 第{ $ply }手：{ $player } 移除被麻醉的{ $piece }（{ $square }）。
ul-to-move = 轮到 { $player }。
ul-turn-private = #{ $id } { $game }：轮到你（{ $color }）。
ul-view-header = #{ $id } { $game }，第{ $ply }手后
ul-view-last = 上一步：{ $move }。
ul-view-frozen = 被麻醉：{ $list }。
reason-checkmate = { $name } 被将死。
reason-stalemate = { $name } 无子可动，判负。
reason-threefold-repetition = 同一局面第三次出现。
reason-no-capture-limit = 双方各 { $limit } 步没有吃子。
ul-err-malformed = “{ $text }”不是走法：请写起点和终点，例如 d2d5（自杀：d2d2）。未执行任何行动。
ul-err-wrong-piece = { $square } 上是{ $actual }，不是{ $given }。未执行任何行动。
ul-err-no-piece = { $square } 上没有棋子。未执行任何行动。
ul-err-not-your-piece = { $square } 上的{ $piece }是对方的。未执行任何行动。
ul-err-frozen = 你在 { $square } 的{ $piece }被 { $by } 的{ $by_piece }麻醉，不能移动。未执行任何行动。
ul-err-no-move-to = 你没有能走到 { $to } 的{ $piece }。未执行任何行动。
ul-err-ambiguous = 不止一个{ $piece }能走到 { $to }（从 { $from }）：请指明是哪一个，例如 { $example }。未执行任何行动。
ul-err-illegal-move = { $from } 的{ $piece }不能走到 { $to }：{ $fault }。未执行任何行动。
ul-err-leaves-king-in-check = 这步会让你在 { $king } 的国王被 { $attacker } 的{ $piece }吃掉。未执行任何行动。
ul-err-suicide = { $square } 的棋子不能自杀：{ $reason }。未执行任何行动。
ul-suicide-off = 本局不允许自杀
ul-suicide-king = 国王不能自杀
ul-suicide-not-frozen = 这枚{ $piece }没有被麻醉，只有被麻醉的棋子才能自杀
ul-fault-no-movement = 必须离开原格
ul-fault-not-a-line = 两格不在同一行、列或斜线上
ul-fault-king-step = 国王只能走一格
ul-fault-pincer-diagonal = 夹吃者只能纵横直走
ul-fault-blocked = { $own ->
        [yes] 你自己
       *[other] 对方
    }在 { $at } 的{ $piece }挡住了去路
ul-fault-occupied = { $at } 上有{ $own ->
        [yes] 你自己
       *[other] 对方
    }的{ $piece }，只有国王能走到有棋子的格上
ul-fault-own-piece = { $at } 是你自己的棋子
ul-fault-leap-own = 不能跳过你在 { $at } 的棋子
ul-fault-leap-adjacent = 不能跳过 { $at }：它后面的格子不空
ul-fault-chameleon-leap = 模仿者只能跳过跳吃者，而 { $at } 上是{ $piece }

## Perfect 10 x 10
game-perfect10 = 完美十乘十
rules-perfect10 = 完美十乘十（Perfect 10 x 10）：10x10 棋盘上的国际象棋变体，共 19 种棋子，白方先行。白方第 1 行从 a 到 j：城堡、火炮、弓弩、主教、皇后、国王、主教、弓弩、火炮、城堡；第 2 行：战船、骑士、战象、守卫、公主、首相、守卫、战象、骑士、战船；第 3 行：十个兵卒（黑方对称，王对王）。首相走城堡或骑士的走法，公主走主教或骑士的走法；火炮、弓弩分别像城堡、主教一样走，吃子时必须恰好跳过一枚棋子；守卫像国王一样走一格，但不是王；战象斜走一格或斜跳两格，战船直走一格或直跳两格。兵卒走到第 6 行（黑方第 5 行）时可以升变为将帅、斜士、洞屋或田相，也可以不升变；走到第 8 行（黑方第 3 行）时可以升变为守卫、骑士、战象、战船、城堡、主教、火炮或弓弩，也可以不升变；走到底线必须升变为皇后、首相或公主。城堡、主教到达底线自动成为龙王（城堡加斜走一格）或龙马（主教加直走一格）。王车易位（O-O：国王 f1-h1，城堡 j1-g1；O-O-O：国王 f1-d1，城堡 a1-e1）和吃过路兵同国际象棋。将死对方获胜。无合法着法的一方必须停一手（PASS），双方连续停手为和棋；同一枚棋子连续四步将军判负；三次重复局面可以要求和棋；双方都无法将死对方时为和棋。走法：/move e3e5（也可写 Nb2-c4、e9e10=Q、e5e6 不升变、O-O），/pass，/claim。
rules-no-options = 选项：无。
p10-white = 白方
p10-black = 黑方
p10-player = { $name }（{ $color }）
p10-piece-king = 国王
p10-piece-queen = 皇后
p10-piece-marshal = 首相
p10-piece-princess = 公主
p10-piece-dragon = 龙王
p10-piece-griffin = 龙马
p10-piece-rook = 城堡
p10-piece-bishop = 主教
p10-piece-cannon = 火炮
p10-piece-archer = 弓弩
p10-piece-guard = 守卫
p10-piece-knight = 骑士
p10-piece-elephant = 战象
p10-piece-ship = 战船
p10-piece-wazir = 将帅
p10-piece-ferz = 斜士
p10-piece-dabbaba = 洞屋
p10-piece-alfil = 田相
p10-piece-pawn = 兵卒
p10-how-king = 国王向任意方向走一格（王车易位写 O-O 或 O-O-O）
p10-how-queen = 皇后沿横线、竖线或斜线走任意格
p10-how-marshal = 首相走城堡或骑士的走法
p10-how-princess = 公主走主教或骑士的走法
p10-how-dragon = 龙王走城堡的走法，或斜走一格
p10-how-griffin = 龙马走主教的走法，或直走一格
p10-how-rook = 城堡沿横线或竖线走任意格
p10-how-bishop = 主教沿斜线走任意格
p10-how-cannon = 火炮像城堡一样走，吃子时必须恰好跳过一枚棋子
p10-how-archer = 弓弩像主教一样走，吃子时必须恰好跳过一枚棋子
p10-how-guard = 守卫向任意方向走一格
p10-how-knight = 骑士走“日”字
p10-how-elephant = 战象斜走一格或斜跳两格
p10-how-ship = 战船直走一格或直跳两格
p10-how-wazir = 将帅直走一格
p10-how-ferz = 斜士斜走一格
p10-how-dabbaba = 洞屋直跳两格
p10-how-alfil = 田相斜跳两格
p10-how-pawn = 兵卒向前走一格（从起始行可走两格），向斜前方一格吃子，也可以吃过路兵
p10-choice = { $piece }（={ $code }）
p10-rules-summary = 用时：{ $clock }。
p10-rules-summary-options = 规则：{ $options }，用时：{ $clock }。
opt-perfect10-move-rule = 自定规则：双方各走这么多步都没有吃子或走兵即和棋（0：不限，与原规则相同）
p10-started = { $game } #{ $id }：{ $white }（白方，先行）对 { $black }（黑方），{ $rules }走法：/move e3e5（也可写 Nb2-c4、e9e10=Q、O-O）。
p10-moved = #{ $id } 第{ $ply }手：{ $player }{ $seed }：{ $piece } { $from }-{ $to }
p10-castled-kingside = #{ $id } 第{ $ply }手：{ $player }{ $seed }：短易位，国王 { $from }-{ $to }，城堡 { $rook_from }-{ $rook_to }
p10-castled-queenside = #{ $id } 第{ $ply }手：{ $player }{ $seed }：长易位，国王 { $from }-{ $to }，城堡 { $rook_from }-{ $rook_to }
p10-captures = ，吃掉 { $square } 的{ $piece }
p10-en-passant = ，吃过路兵，吃掉 { $square } 的{ $piece }
p10-promotes = ，升变为{ $piece }
p10-becomes = ，到达底线成为{ $piece }
p10-stop = 。
p10-sentence-gap = { "" }
p10-check-by = { $count ->
        [2] 双将
       *[other] 将军
    }：{ $pieces }攻击国王。
p10-checker = { $square } 的{ $piece }
p10-checkers-and = { $first }和 { $second }
p10-passed = #{ $id } 第{ $ply }手：{ $player }无合法着法，停一手。
p10-claimed = #{ $id }：{ $player }以三次重复局面要求和棋。
p10-to-move = 轮到 { $player }。
p10-must-pass = { $player }无合法着法，必须停一手。
p10-turn-private = #{ $id } { $game }：轮到你（{ $color }）。
p10-must-pass-private = 你没有合法着法，必须停一手（/pass 或按钮）。
p10-can-claim = 这个局面已经出现三次：你可以要求和棋（/claim 或按钮），也可以继续下。
p10-can-claim-with = 以下着法会使某个局面第三次出现：{ $moves }。要走这步并同时要求和棋，在着法前加 claim，例如 /move claim { $example }。
p10-warn-four-checks = 注意：你在 { $square } 的{ $piece }已经连续三步将军，再用它将军一次就判负。
p10-btn-pass = 停一手
p10-btn-claim = 要求和棋
p10-btn-stay = 不升变
p10-complete-promotion = 或者选择 #{ $id } { $move } 的兵卒升变为：
p10-view-header = #{ $id } { $game }，第{ $ply }手后
p10-view-last = 上一步：{ $move }。
reason-four-checks = { $name } 用同一枚棋子连续四步将军，判负。
reason-double-pass = 双方连续停手。
reason-insufficient-material = 双方都已无法将死对方。
reason-move-rule = 双方各 { $limit } 步没有吃子或走兵。
p10-err-malformed = “{ $text }”不是走法：请写起点和终点，例如 e3e5 或 Nb2-c4（升变 e9e10=Q，易位 O-O，停一手 0000，要求和棋 claim）。未执行任何行动。棋子代号：/rules perfect10。
p10-err-no-piece = { $square } 上没有棋子。未执行任何行动。
p10-err-wrong-piece = { $square } 上是{ $actual }（代号 { $actual_code }），不是你写的{ $given }（代号 { $given_code }）。未执行任何行动。所有代号：/rules perfect10。
p10-no-code = 无：兵只写起点终点，如 e3e5
p10-err-not-your-piece = { $square } 上的{ $piece }是对方的。未执行任何行动。
p10-err-illegal-move = { $from } 的{ $piece }不能走到 { $to }（{ $how }）。未执行任何行动。
p10-err-move-stopped = { $from } 的{ $piece }不能走到 { $to }：{ $why }。未执行任何行动。
p10-err-no-move-to = 你没有能走到 { $to } 的{ $piece }。未执行任何行动。
p10-err-ambiguous = 不止一个{ $piece }能走到 { $to }（从 { $from }）：请指明是哪一个，例如 { $example }。未执行任何行动。
p10-fault-own-piece = { $at } 上是你自己的{ $piece }
p10-fault-blocked-own = 你自己在 { $at } 的{ $piece }挡住了去路
p10-fault-blocked-enemy = 对方在 { $at } 的{ $piece }挡住了去路
p10-fault-pawn-front-own = { $at } 上是你自己的{ $piece }，兵只能直走到空格
p10-fault-pawn-front-enemy = { $at } 上是对方的{ $piece }，兵只能斜着吃子
p10-fault-pawn-nothing = 兵只有吃子时才能斜走，而 { $to } 是空的
p10-fault-pawn-double = 兵只有从起始横线（白方第 3 横线，黑方第 8 横线）才能走两格
p10-fault-no-screen = { $piece }吃子须跳过恰好一个棋子，而中间没有棋子
p10-fault-two-screens = { $piece }吃子须跳过恰好一个棋子，而中间不止一个：第二个是 { $at } 的{ $other }
p10-err-promotion-tier = 兵卒走到 { $to } 可以升变为 { $list } 之一，也可以不升变：请在着法后写明，例如 ={ $code } 或 不升变。未执行任何行动。
p10-err-promotion-last = 兵卒走到 { $to } 必须升变为 { $list } 之一：请在着法后写明，例如 ={ $code }。未执行任何行动。
p10-err-promotion-none = 兵卒走到 { $to } 不在升变线上，不能升变。未执行任何行动。
p10-err-cannot-castle = 现在不能王车易位：{ $why }。未执行任何行动。
p10-castle-moved = 国王或那个城堡已经动过
p10-castle-blocked = 国王和城堡之间还有棋子
p10-castle-in-check = 国王正被将军
p10-castle-attacked = 国王会经过或停在被攻击的格子上
p10-err-leaves-king-in-check = 这步会让你在 { $king } 的国王被 { $attacker } 的{ $piece }将军。未执行任何行动。
p10-err-pass-not-allowed = 只有在没有合法着法时才能停一手。未执行任何行动。
p10-err-no-repetition = 没有可以要求的和棋：这个局面出现了 { $n } 次，不是三次。未执行任何行动。
p10-err-no-repetition-after = 没有可以要求的和棋：走这步之后该局面会出现 { $n } 次，不是三次。未执行任何行动。

## Discord
btn-view = 我的视图
btn-type-move = 输入着法
dm-failed-discord = 我无法私信 { $name }，{ $name } 没有收到第 #{ $id } 局的一条私信（对局不受影响）。{ $who }：请允许本服务器成员给你发私信（服务器菜单 → 隐私设置），然后使用 /view #{ $id }。
discord-opt-game = 游戏，例如 dark-fence、ultima、perfect10
discord-opt-opponent = 邀请谁（留空为公开邀请）
discord-opt-options = 选项，写作 key=value，例如 board=6x6 mode=challenge
discord-opt-id = 对局编号（#id），在此同时下多局时填写
discord-opt-action = 你的着法，照平常输入
discord-opt-answer = 接受或拒绝对方的提议（留空则由你提出）
discord-opt-language = 你的语言
discord-opt-notifications = 是否私信提醒轮到你
discord-opt-pings = 轮到你时如何通知：私信、提及或关闭
discord-opt-what = 要做什么
discord-opt-token = 开始口令
discord-opt-button = 按钮
discord-move-title = 第 #{ $id } 局：你的着法
discord-move-label = 你的着法（例如暗弈分野的路径）

## 混乱时钟
game-chaos-clock = 混乱时钟
rules-chaos-clock = 混乱时钟。十二个位置围成一圈，像钟面，放着 1 到 12 号棋子；n 号棋子的“家”是 n 号位。甲（发起者）持单数，乙持双数并先行；开局随机排列，没有棋子在家。轮到你时：把任一不在家的棋子顺时针走它自己的号数那么多格（/move 5），吃掉落点上的棋子（被吃的棋子回到其主人手中；12 号绕一圈回到原位时离开棋盘进入乙的手中）；或把手中自己的一枚棋子摆回它的家（/move d7），吃掉那里的棋子，若吃的是对方的棋子则再行动一次；或过（/pass）。在家的棋子不再移动，也不能被落上；不能移动对方刚移动或摆下的那枚棋子。六枚棋子全部回家即完成：双方都完成为共赢；只有你完成而对方在紧接着的一回合内无法完成，则你胜。连续两次过、双方都永远无法完成、或同一局面第三次出现，为同输。/new chaos-clock @bot 与我对弈（level=1 到 6；默认的第 6 级是完美下法），加 side=yi 可执乙先走，side=random 随机；start=fair 选一个双方都下得好就能一起全部归位的开局；hints=on 允许 /hint。
opt-chaos-clock-start = random：任意没有棋子在家的排列；fair：双方仍能一起把棋子全部归位的排列（开局前已检查）
opt-chaos-clock-hints = 允许双方使用 /hint（求解器的结论和最佳行动）；接受邀请即表示同意
help-hint = 求解器的结论和最佳行动（hints=on 的混乱时钟对局）
err-hints-off = #{ $id } 没有开启提示：双方需以 hints=on 开局才能使用。
err-hints-rated = #{ $id } 计等级分，计分对局没有提示：结果必须是棋手自己下出来的。
help-switch = 和我（机器人）对局时：在你走第一步之前改执另一方
err-switch-not-bot = 只有和我对局时才能换边：#{ $id } 的对手是真人。
err-switch-too-late = 你在 #{ $id } 已经走过了：只有在你走第一步之前才能换边。
btn-switch = 换边
cc-start-lost = { $name }，最佳下法下这个开局{ $side }必输：无论你怎么走我都能赢。在你走第一步之前可以改执{ $other }：按“{ $button }”或发送 /switch。
cc-switched = #{ $id }：{ $name } 改执{ $side }，我执{ $other }；对局从开局重新开始。
err-rated-hints = 计分对局没有提示：去掉 hints=on，或去掉 rated=yes（开启提示的对局不计等级分）。没有开局。
err-hint-stale = 我搜索提示时 #{ $id } 已经有了变化；请再问一次。
err-bot-offers = 我不接受和棋或悔棋提议：请继续下，或 /resign 认输。
bot-name = 裁判（机器人）
bot-name-level = 裁判（机器人，{ $level } 级）
bot-plays-at = 我以第 { $level } 级（共 { $top } 级）对弈（/new 时用 `level=1` 到 `level={ $top }` 选择）。
bot-unproven = （我的搜索超出预算：这一步未经证明是最佳。）
over-both-win = #{ $id } 结束：共赢。
over-both-lose = #{ $id } 结束：同输。
cc-jia = 甲，单数
cc-yi = 乙，双数
cc-side-jia = 甲
cc-side-yi = 乙
cc-player = { $name }（{ $side }）
cc-btn-move = 走{ $piece }
cc-btn-drop = 摆{ $piece }
cc-btn-pass = 过
cc-value-win = { $name } 胜
cc-value-both-win = 共赢
cc-value-both-lose = 同输
cc-start-random = 随机开局
cc-start-fair = 公平开局（双方仍能一起把棋子全部归位）
cc-start-position = 从指定局面开局
cc-hints-on = 开启提示（因此不计等级分）
cc-hints-off = 无提示
cc-rules-summary = { $start }，{ $hints }，用时：{ $clock }。
cc-started = { $game } #{ $id }：{ $jia }（甲，单数）对 { $yi }（乙，双数，先行）。{ $rules }{ $actions }
cc-actions = 行动：{ $examples }，或按按钮。
cc-actions-generic = 行动：/move 加棋子号（走这枚棋子）、/move d 加棋子号（从手中摆回）、/pass，或按按钮。
cc-example-move = /move { $piece }（走 { $piece } 号，现在可走）
cc-example-drop = /move d{ $piece }（摆 { $piece } 号）
cc-example-pass = /pass
cc-fair-proven = 公平开局：开局前我检查了从这个局面出发的所有走法：只要双方都下得好，就能都把棋子全部归位，共赢。（第 { $draw } 次尝试找到。）
cc-to-act = 轮到 { $player }。
cc-banned = { $piece } 号刚被移动，现在不能走。
cc-after-pass = 上一回合是过：再过一次则同输。
cc-repeat-warning = 注意：{ $actions } 会使同一局面第三次出现，双方同输。
cc-moved = #{ $id } 第 { $ply } 手：{ $player }把 { $piece } 号从 { $from } 号位走到 { $to } 号位
cc-home = ，回家
cc-captures = ，吃掉 { $piece } 号，进入{ $hand }方手中
cc-moved-off = #{ $id } 第 { $ply } 手：{ $player }把 12 号从 { $from } 号位绕钟一圈，离开棋盘进入乙的手中
cc-stop = 。
cc-dropped = #{ $id } 第 { $ply } 手：{ $player }把 { $piece } 号摆回家
cc-extra-turn = 摆子吃掉对方棋子，再行动一次。
cc-passed = #{ $id } 第 { $ply } 手：{ $player }过。
cc-completed = { $player }的六枚棋子全部回家。
cc-reason-completed = { $name } 的六枚棋子全部回家。
cc-reason-both-completed = 双方的棋子都全部回家。
cc-reason-two-passes = 连续两次过。
cc-reason-both-stuck = 双方都永远无法让全部棋子回家。
cc-adjudicated = #{ $id }：{ $name } 的 { $count } 枚棋子 { $pieces } 再也不能移动，永远回不了家；从这里起最佳走法下的结果已被求解器证明，对局现在按此结果结束。
reason-stuck-adjudicated = 裁定：一方永远无法让全部棋子回家，求解器已证明结果。
cc-reason-repetition = 同一局面第三次出现。
cc-turn-private = #{ $id }（{ $game }）：轮到你了（{ $side }）。按钮在对局频道的棋盘下方。
cc-view-header = #{ $id } { $game }，第 { $ply } 手，局面 { $position }。手中：甲 { $jia }；乙 { $yi }。
cc-verdict-win = 你胜
cc-verdict-both-win = 共赢
cc-verdict-both-lose = 同输
cc-verdict-lose = 你负
cc-hint = #{ $id } 的提示，轮到 { $player }：最佳下法下为{ $verdict }。最佳：{ $best }。（搜索了 { $positions } 个局面。）
cc-hint-lost = #{ $id } 的提示，{ $player } 行动：最佳走法下这是输局，无论你怎么走 { $opponent } 都能赢。最有机会的走法是让 { $opponent } 能赢的应着最少的：{ $chances }。（搜索了 { $positions } 个局面。）
cc-chance = { $action }（{ $replies } 种应着中 { $keeping } 种能赢）
cc-chance-or = { $first } 或 { $second }
cc-hint-unknown = #{ $id } 的提示：搜索达到预算（{ $positions } 个局面）仍未证明；宁缺毋猜。
cc-analysis-empty = #{ $id } 的分析：没有任何行动。
cc-analysis-kept = #{ $id } 的分析：最佳下法下开局为{ $value }，没有任何行动改变它。
cc-analysis-changed = #{ $id } 的分析：最佳下法下开局为{ $before }；第 { $ply } 手，{ $player }：{ $action }，首先把它变成了{ $after }。
cc-analysis-unknown = #{ $id } 的分析：超出我的搜索预算，从略。
cc-err-malformed = “{ $text }”不是行动：写棋子号数表示走（5 或 走5），d 加号数表示摆（d7 或 摆7），或 过。未执行任何行动。
cc-err-not-on-board = { $piece } 号不在棋盘上。未执行任何行动。
cc-err-at-home = { $piece } 号已在家，不再移动。未执行任何行动。
cc-err-banned = { $piece } 号刚被对方移动，现在不能走。未执行任何行动。
cc-err-blocked = { $piece } 号会落在 { $slot } 号位，那里的棋子已在家。未执行任何行动。
cc-err-not-yours = { $piece } 号不是你的，不能摆。未执行任何行动。
cc-err-not-in-hand = { $piece } 号不在你手中。未执行任何行动。

## 乌合之众象棋
game-rabble = 乌合之众象棋
rules-rabble = 乌合之众象棋：棋盘向四面八方、向任意多维无限延伸，每格都是跳兵。红方（邀请者）占 y ≤ 6 的各排并先行，蓝方占 y ≥ 7；主战场是主位面（z = 1）上 x、y 为 1..12 的区域。先自选：红先蓝后，每次四格：/move pick R N B C（R N B C P，可重复，每选一个 P 加 1 分），或 /move pick default；最后一次放 K Q J G。之后每手只动一格上的己方棋子：/move 7,6x7,8（吃）、/move 7,6>7,7（走）、/move 6,6&7,7（叠，耗分）、/move 7,6,2 z-（三维跃迁）、/move 9,4,1,2 d4-（高维跃迁，1 分）、/move 7,8=C x7,10（升变后吃）、/move drop P@7,6（雇佣打入）、/move 9,1/2P >9,3（拆解）。双方各 120 分起；吃子得被吃棋子的分值；分数只剩对方一半或更少、战场前线没有棋子、或主战场上 12 格或更少有棋子的一方负；老王被吃而分数不领先者负（领先则公子升为老王）。/move pass draw 提和，/move pass accept 同意。
opt-rabble-select = 进行自选阶段（每次四格，红先）；off 则直接用默认排列
opt-rabble-band-empty = 规则说明中的另一读法：各位面中间四排天蓝色区域开局为空
opt-rabble-quiet-limit = 连续多少手没有吃掉兵以外的棋子后，分数低者负（同分和棋）
opt-rabble-red-gives = 红方让子：level1..level7（让n级子：这些区域内红方的兵归蓝方）或 steps2..（让n步先：蓝方先免费走 n 手叠加、跃迁或打入）
opt-rabble-blue-gives = 蓝方让子，同 red_gives
rb-red = 红方
rb-blue = 蓝方
rb-player = { $name }（{ $side }）
rb-rules-summary = 选项：{ $options }；用时：{ $clock }。
rb-started = { $game } #{ $id }：{ $red }（红方，先行）对 { $blue }（蓝方）。{ $rules }
rb-pick-group = { $player }：第 { $step }/9 次自选，第 { $row } 排{ $group }：/move pick R N B C（从自己的左到右；R N B C P，可重复，每个 P 加 1 分）或 /move pick default。
rb-pick-uniques = { $player }：最后一次自选，底排的四个唯一棋子：/move pick Q K J G（任意顺序）或 /move pick default。
rb-left = 左组
rb-right = 右组
rb-btn-default = 默认排列
rb-to-act = 轮到 { $player }。
rb-picked = { $player } 选了 { $pieces }（第 { $step } 次）。
rb-played = #{ $id } 第 { $ply } 手：{ $player } 走 { $turn }
rb-captured = ，吃掉 { $unit }（+{ $points }）
rb-cost = ，花费 { $points } 分
rb-crowned = { $player } 的老王被吃，但分数领先：公子升为新的老王。
rb-draw-offered = { $player } 在 #{ $id } 提和：/move pass accept 同意。
rb-scores = 分数：红 { $red }，蓝 { $blue }。连续未吃大子：{ $quiet }/{ $limit } 手。
rb-stats = { $side }各兵种：吃子得分 { $captures }；雇佣 { $hires }；打入主战场 { $drops }；高维跃迁 { $jumps }。
rb-turn-private = #{ $id }（{ $game }）：轮到你了（{ $side }）。
rb-view-header = #{ $id } { $game }，第 { $ply } 手，上一手 { $last }。
rb-outside = 图外：{ $units }（共 { $count } 个改变的棋子）。
rb-layer = 位面 z={ $z }：{ $count } 格有变化。
rb-layers-more = ……另有 { $layers } 个位面，共 { $count } 格有变化。
rb-and-more = ……另有 { $count } 项
rb-cut = （其余从略，以免超过一条消息）
rb-refused = 未走：{ $detail }。局面未变。
rb-timeout-pick = { $name } 在 #{ $id } 未按时自选：使用默认排列。
rb-reason-king-captured = { $name } 的老王被吃，且分数不领先。
rb-reason-crowned-king-captured = { $name } 升变的公子被吃。
rb-reason-score-halved = { $name } 的分数只剩对方的一半或更少。
rb-reason-front-line-lost = { $name } 在战场前线已没有棋子。
rb-reason-battlefield-lost = { $name } 在主战场上只有 12 格或更少有棋子。
rb-reason-home-square-taken = 敌方的老王或公子站上了 { $name } 的老王或公子初始位置。
rb-reason-repetition = 同一局面出现了六次。
rb-reason-quiet-plies = 太久没有吃掉兵以外的棋子。
rb-reason-agreed = 双方同意和棋。
help-library = 和局库：双方同意和棋的乌合之众对局，任何人都可以接着下；加上 #id 就在这里接着下那一局
rb-library-empty = 和局库是空的：双方同意和棋的乌合之众对局会留在这里，让其他人接着下。
rb-library-header = 和局库共有 { $count } 局乌合之众和局，以下是最近的 { $shown } 局。用 /library #id @对手 在这里接着下。
rb-library-entry = #{ $id }：{ $ply } 手，红 { $red } : { $blue } 蓝，{ $changes } 格有变化，接续自 { $from }。
rb-fork-of = 这局接续和局库中的 #{ $parent }，从第 { $ply } 手开始。
err-library-not-drawn = #{ $id } 不在和局库中：只有双方同意和棋的乌合之众对局才在。
rb-window = #{ $id }：位面 z={ $layer } 的 x { $x0 }..{ $x1}、y { $y0 }..{ $y1 }。
rb-bad-window = 无法显示这个范围：{ $detail }。请写 /board x,y（中心，加 ,z 换位面）和/或 /board zoom 2。
rb-zoom-range = 缩放只能是 1、2 或 3
err-board-window = 只有乌合之众的棋盘比图片大：只有那里的 /board 才接受范围。
discord-opt-window = 仅限乌合之众：中心 x,y（加 ,z 换位面）和/或 zoom 2
discord-opt-topic = 该游戏的一个棋子，写代号或名称，例如 N（单个棋子及其走法图）
rb-complete-pick = #{ $id }：第 { $slot }/4 格（已选：{ $sofar }）。请选下一枚棋子：
help-moves = 乌合之众：某一格上的棋子能走到哪里（走法无穷，一次看一格）
discord-opt-square = 格子，例如 7,6（其他位面写 7,6,2）
discord-opt-slice = 乌合之众的三维观察：z x1..x2 y1..y2 [z1..z2]
rb-observation = #{ $id } 三维坐标观察：x { $x0 }..{ $x1 }、y { $y0 }..{ $y1 }、位面 z={ $z0 }..{ $z1 }，最上层在前。
rb-observation-unchanged = 这一块在这些位面上的每一格{ $band ->
    [yes] 都是默认状态：跳兵，或空出的兵带中的空格。
   *[no] 都是默认的跳兵。
}
rb-observation-changed = 由自选或对局设定的格子（{ $count } 格；· 为空格）：{ $squares }。这一块其余的格子{ $band ->
    [yes] 都是默认状态：跳兵，或空出的兵带中的空格。
   *[no] 都是默认的跳兵。
}
rb-observation-elsewhere = 这一块在位面 z={ $layer } 还有 { $count } 格有变化。
err-view-slice = 只有乌合之众有三维观察：只有那里的 /view 才接受切片（z x1..x2 y1..y2）。
rb-bad-slice = 无法显示这个切片：{ $detail }。请写 /view z x1..x2 y1..y2，可再加 z1..z2（最多 12 列、12 排、9 个位面）。
err-moves-rabble = /moves 只用于走法无穷的乌合之众，一次列出一格的去处；其他棋请直接输入着法，由裁判检查。
rb-bad-square = 无法列出那里的走法：{ $detail }。请写 /moves x,y（其他位面写 x,y,z）。
rb-moves = #{ $id }：{ $square } 上的 { $unit } 能去的地方（> 走、x 吃、& 叠加并附价格；射线从它数起）：
rb-library-forks = 后续对局：{ $forks }。
rb-fork-invited = #{ $id }（等待对手）
rb-fork-active = #{ $id }（进行中）
rb-fork-won = #{ $id }（{ $side }胜）
rb-fork-drawn = #{ $id }（和局）
rb-fork-library = #{ $id }（双方同意和棋：也在和局库中）
rb-fork-abandoned = #{ $id }（已放弃）
rb-err-not-selecting = 自选阶段已经结束
rb-err-bad-pick-uniques = 最后一次自选放四枚独有棋子，各一枚：Q K J G，次序任意
rb-err-bad-pick-group = 一排的每一格只能是 R N B C P 之一（可重复）
rb-err-king-exposed = 这样摆，{ $side ->
        [red] 红
       *[blue] 蓝
    }方的老王会被对方一步吃掉，让级子时绝不允许：请换一种独有棋子的摆法
rb-err-game-over = 对局已经结束
rb-err-not-your-turn = 还没轮到你
rb-err-selecting = 先进行自选：`pick R N B C` 或 `pick default`
rb-err-selecting-uniques = 先进行自选：`pick Q K J G` 或 `pick default`
rb-err-enemy-target = { $to } 上是对方的棋子
rb-err-empty-target = { $to } 是空格
rb-err-proposal-refused = { $statement }，而改成 `{ $fix }` 也不行：{ $reason }
rb-err-syntax-drop-piece = 看不懂“{ $text }”：“{ $detail }”不是棋子；可雇佣的棋子是 { $pieces }
rb-step-move = 移动
rb-step-capture = 吃子
rb-step-drop = 雇佣打入
rb-step-jump3 = 三维跃迁
rb-step-jumph = 高维跃迁
rb-step-stack = 叠加
rb-step-split = 拆分
rb-step-promote = 升变
rb-err-handicap-offer = 让步回合只能叠加、跃迁和雇佣打入
rb-err-no-offer = 没有可接受的和棋提议：提议必须是刚刚那一手
rb-err-no-debt = 这一手要花 { $cost } 分，你只有 { $score } 分（不能欠分）
rb-err-use-stack-move = { $to } 上是你自己的棋子：写 { $op } 叠加上去（叠加要花 { $price } 分）
rb-err-royal-stack = 老王和公子永不叠加
rb-err-bad-drop = 老王和公子不能雇佣；可雇佣的棋子是 { $pieces }
rb-err-handicap-promote = 让步回合不能升变
rb-err-no-credit = 雇佣{ $piece }需要额度：先吃掉对方一枚{ $piece }
rb-err-drop-empty = { $to } 是空格：用 @ 打入
rb-err-drop-enemy = { $to } 上是对方的棋子：只能打入空格或自己的棋子
rb-err-drop-stack = { $to } 上是你自己的棋子：用 & 叠加打入（叠加另外收费）
rb-err-bad-promotion = 跳兵只能升变为 N、R、B 或 C
rb-err-not-in-zone = { $at } 还没越过你的升变线
rb-err-no-pawn = 这个棋子里没有可升变的跳兵
rb-err-twice = 每回合{ $step }最多一次（规则 10）
rb-err-combination = { $step }不能接在{ $earlier }之后（规则 { $rule }）
rb-err-handicap-kinds = 让步回合只能叠加、跃迁或雇佣打入：不能吃子、普通移动、拆分或升变
rb-err-empty-origin = { $from } 是空格
rb-err-not-yours = { $from } 上是对方的棋子
rb-err-wrong-piece = { $from } 上是 { $has }，不是 { $given }
rb-err-bad-split-part = { $from } 上是 { $has }，拆不出 { $part }
rb-err-bad-split-all = 拆分要留下一部分，而 { $from } 上只有 { $has }：/{ $part } 已是全部
rb-err-bad-split-stay = 拆出的部分必须移动（规则 7）
rb-err-same-square = 棋子必须停在另一格
rb-err-other-layer = { $to } 在另一个位面：棋子只在自己的位面内移动，只有跃迁（z+/z- 或 dN+/dN-）才换位面
rb-err-nothing-to-capture = { $to } 是空格：用 > 走过去
rb-err-move-empty = { $to } 是空格：用 > 走过去
rb-err-use-capture = { $to } 上是对方的棋子：用 x 吃掉它
rb-err-own-unit = { $to } 上是你自己的棋子
rb-err-prince-no-capture = 公子永不吃子
rb-err-prince-immune = 公子不能被吃
rb-err-geometry = { $from } 的 { $unit } { $capture ->
        [yes] 吃不到
       *[no] 走不到
    } { $to }
rb-err-stack-empty = { $to } 是空格：去掉 &
rb-err-stack-enemy = { $to } 上是对方的棋子（而这里不能吃子）
rb-err-syntax-pass = 看不懂“{ $text }”：停一手只用于和棋：`pass draw` 提和，`pass accept` 接受刚提出的和棋
rb-err-syntax-pick = 看不懂“{ $text }”：自选要写四个棋子字母，例如 `pick R N B C`
rb-err-syntax-drop = 看不懂“{ $text }”：请写 `drop P@x,y`（棋子种类，然后 @ 或 &，然后格子）
rb-err-syntax-drop-sign = 看不懂“{ $text }”：棋子种类之后写 @ 打入空格，或写 & 叠加到自己的棋子上
rb-err-syntax-promotion-letter = 看不懂“{ $text }”：不认识的升变字母
rb-err-syntax-drop-promotion = 看不懂“{ $text }”：打入的跳兵升变之后不能再接别的
rb-err-syntax-parenthesis = 看不懂“{ $text }”：括号没有闭合
rb-err-syntax-square-missing = 看不懂“{ $text }”：缺少格子
rb-err-syntax-count = 看不懂“{ $text }”：数字后面要跟棋子字母
rb-err-syntax-split = 看不懂“{ $text }”：/ 之后写要拆出的棋子，例如 /2P 或 /PN
rb-err-syntax-layer-jump = 看不懂“{ $text }”：位面跃迁写 z+ 或 z-
rb-err-syntax-dim-jump = 看不懂“{ $text }”：维度跃迁写 d<N>+ 或 d<N>-，N ≥ 4
rb-err-syntax-dim-range = 看不懂“{ $text }”：维度跃迁用第 4 维及以上（z 轴写 `z+`/`z-`）
rb-err-syntax-dim-sign = 看不懂“{ $text }”：维度跃迁以 + 或 - 结尾
rb-err-syntax-promotion = 看不懂“{ $text }”：= 后面要跟 N、R、B 或 C
rb-err-syntax-waypoint = 看不懂“{ $text }”：途经点之后要写目的地
rb-err-syntax-no-step = 看不懂“{ $text }”：请写棋子做什么，例如 `7,6x7,8`、`7,6,2 z-` 或 `9,1/2P >9,3`
rb-err-syntax-unexpected = 看不懂“{ $text }”：意外的“{ $detail }”
rb-err-coord-syntax = “{ $text }”不是坐标：请写 x,y 或 x,y,z（例如 7,6 或 7,6,2）
rb-err-coord-omega = “{ $text }”：ω 坐标只是记法（原文：完全没有任何卵用）；请写有限的部分，例如 (……0——9,4,1) 或 9,4,1
rb-err-coord-transfinite = “{ $text }”：长写法中 —— 之前的每一项都必须是 0，否则指向超限的格子，而这个棋盘没有
rb-slice-not-z = “{ $word }”不是 `z`
rb-slice-count = 请写列的范围、排的范围，可再加位面的范围，例如 `1..8 1..4 -1..3`
rb-slice-range = “{ $word }”不是 { $axis } 的范围（请写 a..b）
rb-slice-backwards = “{ $word }”写反了：{ $axis } 请先写较小的数
rb-slice-too-wide = { $axis } { $from }..{ $to } 太宽了：一次最多 { $widest }
rb-moves-near = 四格之内：{ $targets }
rb-moves-nothing = 没有
rb-ray-open = 一路皆空，没有尽头：{ $rays }
rb-ray-blocked = 紧邻即受阻：{ $rays }
rb-ray-empty = 空 { $count } 格：{ $rays }
rb-ray-blocker = 距 { $k } 格有 { $unit }
rb-ray-then = 之后：{ $blockers }
rb-ray-run = { $target }（及其前的空格）
rb-ray-reaches = 可到 { $targets }
rb-ray-all = 全部 8 个方向
rb-ray-part = { $arrows }（{ $details }）
rb-ray-and = { $first }；{ $second }
rb-moves-jumps = 跃迁：{ $jumps }（括号内是该回合的花费；更高的各维都与 d{ $next } 相同）。
rb-long-number = { $head }…{ $tail }（共 { $digits } 位）
rb-moves-queen = 老后：任意指定目标，裁判会找出滑行加一步的路径。

## 图片标题、时长、图中文字、命令参数

cap-ply = 第{ $n }手
cap-after-ply = 第{ $n }手后
cap-df-crossed-fence = 越过了栅栏
cap-df-ended-on-opponent = 停在了对方格上
cap-df-duplicate-fence = 在已有栅栏处放栅栏
cap-df-border-fence = 在边界放栅栏
cap-df-separated = 栅栏将双方分隔
cap-df-challenge-upheld = 质疑成立
cap-df-challenge-rejected = 质疑不成立
cap-df-claim-upheld = 分野成立
cap-df-claim-rejected = 分野不成立
cap-df-ply-cap = 达到步数上限
cap-wins = { $side }胜
cap-draw = 和局
cap-to-move = 轮到{ $side }
cap-to-act = 轮到{ $side }
cap-check = 将军
cap-both-win = 共赢
cap-both-lose = 同输
cap-you = 你是{ $side }
cap-picks = { $side }自选第{ $step }步
side-white = 白方
side-black = 黑方
side-jia = 甲
side-yi = 乙
side-p1 = 先手
side-p2 = 后手
side-red = 红
side-blue = 蓝
dur-d = { $n }天
dur-h = { $n }小时
dur-m = { $n }分
dur-s = { $n }秒
dur-in = { $d }后
img-jia = 甲
img-yi = 乙
img-to-move = 轮到{ $who }
img-move = 走{ $n }
img-drop = 摆{ $n }
img-pass = 过
img-hand = 手
img-main-plane = 主位面
img-red = 红
img-blue = 蓝
img-stats-key = 每子：吃子分数，下：雇佣 · 打入主战场 · 高维跃迁
img-outside = 图外：{ $list }
img-long-number = { $head }…{ $tail } ({ $digits } 位)
arg-game = 游戏名
arg-action = 一步行动
arg-square = 一个格子
arg-admin-abort = “abort #编号”
arg-button = 一个按钮
lang-name-en = English
lang-name-zh-Hans = 简体中文
lang-name-zh-Hant = 繁体中文
notif-on = 开
notif-off = 关
pings-dm = 私信（私信不通时改为提及）
pings-mention = 在对局所在的聊天中提及
pings-off = 关

## 选项错误

opt-err-malformed = 选项 { $pair } 不是 键=值 的形式
opt-err-unknown = 没有选项 { $key }（可用：{ $known }）
opt-err-duplicate = 选项 { $key } 给了两次
opt-err-bad-value = 选项 { $key } 不能是 { $value }（应为：{ $expected }）
opt-or = { " 或 " }
opt-and = { " 和 " }
expect-bool = true 或 false
expect-one-of = { $names }
expect-range = { $min } 到 { $max } 之间的整数
expect-range-or-auto = { $min } 到 { $max } 之间的整数，或 auto
expect-duration = 时长，如 60s 或 5m，从 { $min } 到 { $max }
expect-board = 列数x行数，每边 { $min } 到 { $max }，例如 4x4
expect-number = 整数
expect-handicap = none、level1..level7（让n级子）或 steps2..steps1000（让n步先）
opt-err-needs = 选项 { $key } 需要 { $needs }
opt-err-only-with = 选项 { $key } 只能与 { $with } 一起用
opt-err-public-in-challenge = 选项 { $key } 在两人质疑玩法中不能为 false：那里双方的位置是公开的
opt-err-one-side-steps = 选项 { $key }：红方已经让步先，蓝方不能同时让步先（只能有一方先走）
opt-err-no-fair-start = start=fair 抽了 { $draws } 次，没有找到能证明可以共赢的开局；请再 /new 一次
opt-err-bad-start = 选项 { $key }：开局局面无法载入（这是我的错误，请报告）
rb-kind-p = 跳兵
rb-kind-n = 马仔
rb-kind-r = 车夫
rb-kind-b = 相爷
rb-kind-c = 山炮
rb-kind-k = 老王
rb-kind-q = 老后
rb-kind-j = 公子
rb-kind-g = 大哥

# 暗弈分野图片下方的记录：栅栏方向、报告、偏向。
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
img-distance = ，距离{ $n }

## Argument names: /help's grammar and Discord's option names (values come back under the English name)
arg-name-game = 游戏
arg-name-opponent = 对手
arg-name-options = 选项
arg-name-id = 编号
arg-name-action = 行动
arg-name-answer = 回应
arg-name-language = 语言
arg-name-notifications = 通知
arg-name-digest = 每日摘要
arg-name-pings = 轮到提醒
arg-name-window = 范围
arg-name-square = 格子
arg-name-slice = 切片
arg-name-token = 令牌
arg-name-button = 按钮
arg-name-key = 选项
arg-name-value = 值

## Options in words (rules summaries of invitations and starts)
optword-dark-fence-start = { $value ->
    [free] 自由起点（各自选格）
   *[other] 固定起点
}
optword-dark-fence-p2_sees_p1_start = { $value ->
    [true] 后手得知先手的起点
   *[other] 后手不知先手的起点
}
optword-dark-fence-first_move_onto_opponent = { $value ->
    [allowed] 第一步可停在对方格上
   *[other] 第一步停在对方格上判负
}
optword-dark-fence-edge_empty = { $value ->
    [true] 边空：栅栏可放在边界上
   *[other] 边界上不放栅栏
}
optword-dark-fence-edge_empty_repeat = { $value ->
    [true] 边界同一段可放两次
   *[other] 边界每段至多一次
}
optword-dark-fence-juesha = { $value ->
    [true] 绝杀：面积相等时剩余栅栏少者胜
   *[other] 无绝杀
}
optword-dark-fence-juesha_count_border = { $value ->
    [true] 绝杀计入边界栅栏
   *[other] 绝杀不计边界栅栏
}
optword-dark-fence-report = { $value ->
    [dir16] 对方方位报十六向
    [dir8-manhattan] 方位报八向加曼哈顿距离
    [dir8-chebyshev] 方位报八向加切比雪夫距离
    [dir16-manhattan] 方位报十六向加曼哈顿距离
    [exact] 报对方的确切位置
   *[other] 对方方位报八向
}
optword-dark-fence-allow_stay = { $value ->
    [false] 每步必须离开原格
   *[other] 可以停在原格
}
optword-dark-fence-max_waypoints = 每条路径至多 { $value } 格
optword-dark-fence-confirm_moves = { $value ->
    [false] 走法不经确认直接执行
   *[other] 走法确认后才执行
}
optword-dark-fence-assist = { $value ->
    [0] 无私下提示
    [2] 提醒自己栅栏的问题
   *[other] 提供自己的视图
}
optword-dark-fence-challenge_scope = { $value ->
    [latest-move-only] 质疑只查最近一步
   *[other] 质疑检查整局
}
optword-dark-fence-window_timeout = 质疑时限 { $value }
optword-dark-fence-partition_handling = { $value ->
    [claim] 可宣告分野
    [auto] 一旦分野立即结束
   *[other] 不判分野
}
optword-dark-fence-auto_b = { $value ->
    [true] 停在对方格上立即结束
   *[other] 停在对方格上须经质疑
}
optword-dark-fence-ply_cap = { $value ->
    [auto] 通常的手数上限
   *[other] 至多 { $value } 手
}
optword-dark-fence-cap_adjudication = { $value ->
    [replay-original] 达到手数上限时按裁判规则判定
   *[other] 达到手数上限为和棋
}
optword-dark-fence-commitments = { $value ->
    [true] 公布密封记录的哈希
   *[other] 不公布哈希
}
optword-ultima-immobilizer = { $value ->
    [pure] 纯麻醉者（己方麻醉者或模仿者贴着时其余棋子不受麻醉）
   *[other] 麻醉者相邻的敌子一律不能动
}
optword-ultima-suicide = { $value ->
    [off] 不可自杀
   *[other] 被麻醉的棋子可自行移除
}
optword-ultima-chameleon = { $value ->
    [pure] 模仿者跳吃只吃跳吃者
   *[other] 模仿者跳吃时兼做其他吃法
}
optword-ultima-setup = { $value ->
    [mirrored] 黑方底线镜像排列
   *[other] 黑方底线旋转排列
}
optword-ultima-nocapture_limit = { $value ->
    [0] 不因久无吃子判和
   *[other] 双方各 { $value } 步无吃子判和
}
optword-perfect10-move_rule = { $value ->
    [0] 无步数规则
   *[other] 双方各 { $value } 步无吃子且无兵步判和
}

## 社区：等级分、排行榜、战绩、历史（docs/community.md）
help-leaderboard = 本群（私聊中：跨社区对局）某个游戏等级分最高的玩家，以及你的名次（最少=5：只列下过至少 5 局计分对局的玩家）
help-profile = 某位玩家在本群的等级分、战绩和最近结果（不写 @玩家 就是你自己）
help-history = 本群最近结束的对局，附结果和编号，每页十局（页=2 看更早的）
discord-opt-player = 玩家（留空：/profile 是你自己，/history 是所有人）
arg-name-player = 玩家
discord-opt-min = 只列下过至少这么多局计分对局的玩家
arg-name-min = 最少
discord-opt-page = 第几页，从 1 起（最新的对局）
arg-name-page = 页
err-community-only = 这个命令针对群组的对局：请在群里使用。
rating-changes = #{ $id } 等级分：{ $players }。
rating-change = { $name } { $rating }（{ $change }）
rating-record = { $games } 局：{ $wins } 胜 { $draws } 和 { $losses } 负
lb-title = { $pool ->
    [yes] 跨社区对局的
   *[no] 本群
 }{ $game }排行榜（? 表示等级分尚未稳定）：
lb-line = { $rank }. { $name } { $rating } · { $record }
lb-you = 你在 { $total } 人中排第 { $rank } 名，等级分 { $rating }。
lb-you-none = 你在{ $pool ->
    [yes] 跨社区对局中
   *[no] 本群
 }还没有{ $game }等级分：下完一局计分对局就有了。
lb-empty = { $pool ->
    [yes] 跨社区对局中
   *[no] 本群
 }还没有结束的{ $game }计分对局。
lb-title-min = { $pool ->
    [yes] 跨社区对局的
   *[no] 本群
 }{ $game }排行榜，只列下过至少 { $min } 局计分对局的玩家（? 表示等级分尚未稳定）：
lb-empty-min = { $pool ->
    [yes] 跨社区对局中
   *[no] 本群
 }还没有玩家下满 { $min } 局计分的{ $game }。
lb-you-few = 你在{ $pool ->
    [yes] 跨社区对局中
   *[no] 本群
 }下过 { $games } 局计分的{ $game }，不到本榜要求的 { $min } 局。
profile-title = { $name } 在本群的等级分（? 表示尚未稳定）：
profile-line = { $game }：{ $rating } · { $record }
profile-form = { $went ->
    [won] { $single ->
        [yes] 上一局胜
       *[other] 连胜 { $streak } 局
    }
    [lost] { $single ->
        [yes] 上一局负
       *[other] 连负 { $streak } 局
    }
   *[drawn] { $single ->
        [yes] 上一局和
       *[other] 连和 { $streak } 局
    }
 } · 最近（新的在前）：{ $recent }
profile-chart-title = 每局后的等级分
profile-chart-x = 对局数
profile-none = { $name } 在本群还没有计分对局。
went-won = 胜
went-lost = 负
went-drawn = 和
history-title = 本群最近的对局：
history-title-player = { $name } 在本群最近的对局：
history-none = 本群没有符合条件的已结束对局。
history-page = 第 { $page } 页，共 { $pages } 页。
history-page-more = 第 { $page } 页，共 { $pages } 页；更早的对局：页={ $next }。
err-no-such-page = 没有第 { $page } 页：一共只有 { $pages } 页。
history-won = #{ $id } { $game }：{ $winner } 胜 { $loser } · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不计分
}
history-drawn = #{ $id } { $game }：{ $p1 } 与 { $p2 } 和棋 · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不计分
}
history-both-won = #{ $id } { $game }：{ $p1 } 与 { $p2 } 共赢 · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不计分
}
history-both-lost = #{ $id } { $game }：{ $p1 } 与 { $p2 } 同输 · { $day }{ $rated ->
    [yes] {""}
   *[no] {" "}· 不计分
}
help-export = 某局的棋谱（文本文件，记下每一步；暗弈分野须等对局结束）
err-no-record = 这里没有 #{ $id } 这一局。
err-record-hidden = #{ $id } 的着法是隐藏的：对局结束后才能导出棋谱。
export-caption = #{ $id } 的棋谱（{ $game }，共 { $plies } 手）：开头是对局信息（棋手、日期、结果），然后每手一行，附上群里当时的播报。
arg-id = 对局编号（#编号）
help-replay = 已结束对局的动画回放，每一手一帧
err-replay-running = #{ $id } 还在进行：结束后才有回放。
replay-caption = #{ $id } 的回放（{ $game }，共 { $plies } 手）。
err-replay-busy = 上一个回放还在绘制中；请等它发出后再请求。
help-follow = 私下接收某局的公开播报（#编号），或某位玩家在本群所有对局的公开播报（@玩家）
help-unfollow = 取消关注某局或某位玩家
arg-follow = 一局（#编号）或一位玩家（@名字）
follow-game = 你关注了 #{ $id }：它的公开播报会私下发给你。/取消关注 #{ $id } 即可停止。
follow-game-already = 你已经关注了 #{ $id }。
unfollow-game = 你不再关注 #{ $id }。
unfollow-game-not = 你没有关注 #{ $id }。
follow-player = 你关注了 { $name } 在本群的对局：它们的公开播报会私下发给你。对这位玩家用 /取消关注 即可停止。
follow-player-already = 你已经关注了 { $name } 在本群的对局。
unfollow-player = 你不再关注 { $name } 在本群的对局。
unfollow-player-not = 你没有关注 { $name } 在本群的对局。
err-follow-own = 你就在下 #{ $id }：它的播报本来就会发给你。
err-follow-self = 你自己对局的播报本来就会发给你。

## 离开棋桌：每日摘要、休假、关联账号 (docs/community.md)

digest-on = 开（下次 { $at }）
digest-off = 关
discord-opt-digest = 每天私信列出等你行动的对局：on 或 off
digest-header = 你的每日摘要：{ $count } 局等你行动，截止最近的在前：
digest-footer = /settings digest=off 可停止此消息。
games-line-timed = { $line }（剩 { $left }）
games-line-paused = { $line }（休假至 { $until }，计时暂停）
games-line-platform = { $platform }：{ $line }
help-vacation = 休假：通信对局的计时暂停（/vacation off 提前回来）
arg-name-days = 天数
discord-opt-days = 休假天数，或 off 提前回来（留空：查看剩余天数）
vacation-status-off = 今年（UTC）你还有 { $left }/{ $allowance } 天假。/vacation <天数> 暂停你在通信对局中的计时；实时对局不暂停。
vacation-status-on = 你在休假，至 { $until }：你在通信对局中的计时暂停。你下一步棋或 /vacation off 即提前结束休假。今年还剩 { $left }/{ $allowance } 天。
vacation-started = 休假至 { $until }：你在通信对局（{ $games }）中的计时暂停。实时对局不暂停。你下一步棋或 /vacation off 即提前结束。今年还剩 { $left }/{ $allowance } 天。
vacation-no-games = 目前没有进行中的对局
vacation-told = { $name } 休假至 { $until }：在其回来之前，{ $games } 中其计时暂停。
vacation-back-told = { $name } 休假回来了：{ $games } 的计时恢复。
vacation-ended = 欢迎回来：你的计时恢复。今年还剩 { $left }/{ $allowance } 天假（未开始的天数已退回）。
vacation-over = 你的休假结束了：计时恢复。
err-vacation-days = 请给出 1 到 { $left } 之间的整天数（今年剩余的假期），或用 /vacation off 提前回来。
err-vacation-none-left = 今年的 { $allowance } 天假你已用完。
err-vacation-running = 你已在休假，至 { $until }。先用 /vacation off 结束，再休新的假。
err-vacation-not = 你没有在休假。/vacation <天数> 开始休假。
help-link = 关联你在其他平台的账号：所有对局一个 /games 列表、一份摘要
help-unlink = 取消此账号与其他账号的关联
arg-name-code = 代码
discord-opt-code = /link 给你另一个账号的代码（留空：获取代码）
link-code = 你的关联代码：{ $code }。请在 { $minutes } 分钟内，用你在另一平台的账号私信我 /link { $code }：之后 /games 与每日摘要会列出两边的对局。
link-linked = 已关联：{ $accounts }。
link-done = 已关联：{ $accounts }。私聊中的 /games 与每日摘要会列出所有这些账号的对局。/unlink 可取消。
unlink-done = 此账号已不再与你的其他账号关联。
unlink-not = 此账号没有关联任何其他账号。
err-link-code = 这个关联代码不存在或已过期。请在另一个账号上用 /link 获取新代码。
err-link-self = 这是本账号自己的代码：请从另一平台的账号发送。
err-link-private = 关联代码是私人的：请在与我的私聊中使用 /link。

## Position mistakes: why a position="…" was refused (the detail of err-position)
# After pos-bad-castling, pos-chaos-malformed, pos-unreadable and pos-impossible, English readers
# also get the parser's own sentence, which exists only in English (src/table/narrate.rs).
pos-wrong-game = 这些选项属于另一种棋
pos-empty = 局面文字是空的
pos-rank-count = 局面要有 { $ranks } 行，用 `/` 分隔，这里却是 { $found } 行
pos-rank-length = 第 { $rank } 行写了 { $squares } 格，应为 { $files } 格
pos-bad-character = `{ $found }` 既不是棋子字母（{ $letters }），也不是空格的数目
pos-missing-side = 棋盘之后缺少行棋方（w 或 b）
pos-bad-side = 行棋方只能是 w 或 b，不能是 `{ $found }`
pos-trailing = 局面后面多了 `{ $found }`
pos-king-count = { $color }有 { $count } 个国王，每方必须恰好一个
pos-too-many = { $color }有 { $count } 个{ $piece }，多于开局时的 { $max } 个
pos-king-capturable = 不该走棋的{ $color }，其 { $king } 的国王可被 { $attacker } 的{ $piece }吃掉
pos-bad-castling = 王车易位权 `{ $found }` 不成立：只能是 - 或 KQkq 的一部分，且相应的国王和城堡都在原位
pos-bad-en-passant = 吃过路兵的格子 `{ $found }` 不是兵卒刚刚越过的格子
pos-bad-counter = `{ $found }` 不是步数
pos-pawn-rank = 兵卒不能站在 { $square }
pos-opponent-in-check = 不该走棋的一方正被将军，合法的着法不会留下这种局面
pos-chaos-malformed = 应写成 `b1,...,b12;side;last`：12 个以逗号分隔的格子（数字 0 到 12，0 为空），行棋方 0（甲）或 1（乙），上一步走的棋子 0 到 12 或 p
pos-chaos-duplicate = 棋子 { $piece } 出现了两次
pos-unreadable = 局面文字读不通
pos-impossible = 这个局面在对局中不可能出现

# 每个聊天自己的语言（/settings chat-language=…）。
chat-language-set = 本聊天的语言现在是{ $language }：此后新对局在这里用它公告{ $games ->
    [0] 。
   *[other] ，正在进行的 { $games } 局也一样。
}每位玩家私下收到的消息仍用各自的语言（/settings language=…）。
chat-language-cleared = 本聊天不再有自己的语言：每局新对局在这里用其创建者的语言公告。
err-chat-language-admins = 只有本聊天的管理员才能设置它的语言。
err-chat-language-private = 聊天的语言要在该聊天里设置：在那里发送 /settings chat-language=en|zh-Hans|zh-Hant。
discord-opt-chat_language = 本聊天对局公告的语言（管理员；auto：各局创建者的语言）
arg-name-chat_language = 聊天语言
lang-name-auto = 自动（各局创建者的语言）

## Seeks (/seek, /unseek; docs/community.md "Seeks")

help-seek = 按你的条件（游戏、选项、用时）等待对手；只输入 /seek 列出公开的寻战
help-unseek = 取消寻战：某个游戏的，或你的全部
err-seek-position = 寻战只用于从标准开局开始的对局：要从局面开始，请用 /new 加 position=。
err-seek-limit = 你已有 { $limit } 个寻战，已达上限：请先用 /unseek 取消一个。
err-seek-unreachable = 这个游戏会私下告诉每位玩家各自的视图，而我还无法私信你：请先在私聊中给我发送 /start，然后再 /seek。
err-seek-unreachable-link = 这个游戏会私下告诉每位玩家各自的视图，而我还无法私信你：请打开 { $link } 并点“开始”，然后再 /seek。
seek-terms = { $game }，{ $clock }，{ $rated ->
    [yes] 计等级分
   *[no] 不计等级分
}
seek-waiting = { $name } 在寻找对手：{ $terms }。想下的话，在这里或本社区的其他频道输入 { $command }。有效至 { $until }；/unseek 可撤回。
seek-renewed = 你的寻战已重新开放：{ $terms }，有效至 { $until }。
seek-list-none = 这里没有公开的寻战。发起一个：/seek <游戏> [选项]。
seek-list = 公开的寻战：
seek-line = { $name }：{ $terms }。应战：{ $command }
seek-unseek-done = 已撤回你的 { $count } 个寻战。
seek-unseek-none = 你没有公开的寻战。
seek-paired-elsewhere = 你与 { $opponent } 配对成功：{ $game } #{ $id } 在对方发起寻战的频道进行。
seek-answered = 你的寻战找到了对手：{ $opponent }。{ $game } #{ $id } 已在你发起寻战的聊天中开始。
seek-expired = 你的寻战已结束，未找到对手：{ $terms }。可再次 /seek 继续等待。
seek-bot-offer = 你的寻战（{ $terms }）暂时无人应战。你可以先和我下一局：{ $command }（寻战仍然有效）。
btn-seek = 应战
err-seek-gone = 这个寻战已不再开放：已被应战、撤回或已结束。/seek 列出公开的寻战。
err-seek-own = 这是你自己的寻战：别人以相同条件 /seek 或点“应战”即开始对局。/unseek 可撤回。
err-seek-public-off = 本社区的寻战只在本社区内配对：管理员可用 /settings public-seeks=on 允许与其他社区配对。
seek-waiting-everywhere = { $name } 在所有允许的社区寻找对手：{ $terms }。那里的任何人输入 { $command } 即可应战；对局在与我的私聊中进行。有效至 { $until }；/unseek 可撤回。
seek-paired-private = 你与 { $opponent } 配对成功：{ $game } #{ $id } 在我们的私聊中进行。
seek-answered-private = 你的寻战找到了对手：{ $opponent }。{ $game } #{ $id } 就在这个私聊中进行。
seek-public-on = 本社区带 scope=everywhere 的寻战现在可与所有允许的社区配对，在与我的私聊中进行。
seek-public-off = 本社区的寻战现在只在本社区内配对。
discord-opt-public_seeks = 本社区带 scope=everywhere 的寻战是否与其他社区配对（管理员）：on 或 off
place-private-chat = 我们的私聊
arg-name-public_seeks = 公开寻战

## 比赛（/tournament）

help-tournament = 本群的比赛：新建、加入、退出、开始、排名、对阵、除名 @玩家、结束
arg-task = 要做什么：新建、加入、退出、开始、排名、对阵、除名或结束
arg-name-task = 操作
discord-opt-task = 对本频道的比赛做什么
tournament-action-new = 新建
tournament-action-join = 加入
tournament-action-leave = 退出
tournament-action-start = 开始
tournament-action-standings = 排名
tournament-action-pairings = 对阵
tournament-action-withdraw = 除名
tournament-action-end = 结束
tournament-name = { $game }{ $format ->
    [roundrobin] 循环赛
    [double] 双循环赛
   *[swiss] 瑞士制比赛
} #{ $id }
tournament-made = { $maker } 创建了{ $name }：{ $terms }，{ $rounds ->
    [0] 轮数在开始时确定
   *[other] 共 { $rounds } 轮
}，最多 { $max } 人。想参加的话，在这里输入 /比赛 加入。
tournament-starts-at = 比赛于 { $at } 开始。
tournament-starts-by-maker = { $maker } 或管理员输入 /比赛 开始 时比赛开始。
tournament-joined = { $player } 加入了{ $name }（{ $count } 人，最多 { $max } 人）。
tournament-joined-late = { $player } 加入了{ $name }，从第 { $round } 轮起参加配对（错过的轮次记 0 分）。
tournament-left = { $player } 退出了{ $name }。
tournament-withdrew = { $player } 退出了{ $name }：从第 { $round } 轮起不再配对（正在进行的对局照常进行）。
tournament-withdrawn = { $by } 将 { $player } 从{ $name }除名：从第 { $round } 轮起不再配对（正在进行的对局照常进行）。
tournament-board = { $board }. { $white } – { $black }：{ $result }
tournament-board-bye = { $board }. { $player }：轮空（{ $points }）
tournament-playing = #{ $id }，进行中
tournament-played = #{ $id }，{ $white }–{ $black }
tournament-forfeit = 未下，{ $white }–{ $black }
tournament-round-started = { $name }：第 { $round } 轮（共 { $rounds } 轮）开始了。每台先写的一方先行。
tournament-round-pairings = { $name }，第 { $round } 轮（共 { $rounds } 轮）：
tournament-told-first = { $name }第 { $round } 轮：你对 { $opponent }，你先行，对局 #{ $id }。
tournament-told-second = { $name }第 { $round } 轮：你对 { $opponent }，对方先行，对局 #{ $id }。
tournament-told-bye = { $name }第 { $round } 轮：本轮你没有对局（轮空）。
tournament-tb-buchholz = 对手分
tournament-tb-sb = 索伯分
tournament-tb-direct = 直胜
tournament-final-standings = { $name }：最终排名
tournament-standings-after = { $name }：{ $round ->
    [0] 目前的参赛者
   *[other] 第 { $round } 轮后的排名（共 { $rounds } 轮）
}
tournament-no-players = 还没有人参加：/比赛 加入。
tournament-standing-line = { $place }. { $player }：{ $points } 分
tournament-standing-breaks = （{ $breaks }）
tournament-withdrawn-mark = （已退出）
tournament-winner = { $shared ->
   *[no] { $players } 以 { $points } 分获得{ $name }冠军！
    [yes] { $players } 以 { $points } 分并列{ $name }第一！
}
tournament-col-player = 棋手
tournament-col-points = 积分
tournament-more = ……另有 {"{"}n{"}"} 人
tournament-ended-by = { $by } 提前结束了{ $name }；仍在进行的对局不再计分。
tournament-too-few = { $name }没有开始：参加的人不到两位。
err-tournament-none = 这里没有比赛。管理员可以创建：/比赛 新建 <游戏> 赛制=瑞士|循环。
err-tournament-exists = 本群已有一场未结束的比赛（#{ $id }）：/比赛 排名 可查看，组织者可以 /比赛 结束 结束它。
err-tournament-makers = 只有本社区的管理员可以在这里创建比赛（管理员可以允许所有人：/设置 比赛=所有人）。
err-tournament-organisers = 只有比赛的创建者或本群管理员可以这样做。
err-tournament-closed = 这场比赛不再接受报名：循环赛开始后不能加入，瑞士制比赛排出最后一轮后不能加入。
err-tournament-full = 这场比赛已满（{ $max } 人）。
err-tournament-already = 你已经在这场比赛中了。
err-tournament-not-playing = 这位玩家不在这场比赛中（或已退出）。
err-tournament-started = 这场比赛已经开始了。
err-tournament-too-few = 比赛至少需要两位玩家才能开始：/比赛 加入。
err-tournament-over = 这场比赛已经结束：/比赛 排名 可查看最终排名。
err-tournament-no-round = 第 { $round } 轮还没有配对。
err-tournament-setting = { $key }={ $value } 不是这场比赛能用的设置：赛制=瑞士|循环，轮数=1–30（瑞士制），双循环=是|否（循环赛），开始=30m|2h|1d，人数=2–200（循环赛最多 30）。
err-tournament-needs-game = 请写明游戏：/比赛 新建 <游戏> [赛制=瑞士|循环] [轮数=N] …
err-tournament-needs-player = 请写明玩家：/比赛 除名 @玩家。
err-tournament-unreachable = 这个游戏要私下告诉每位玩家各自的视图，但我还不能给你发私信：请先私聊我发送 /start，再输入 /比赛 加入。
err-tournament-unreachable-link = 这个游戏要私下告诉每位玩家各自的视图，但我还不能给你发私信：请打开 { $link } 并点击开始，再输入 /比赛 加入。
arg-name-tournaments = 比赛
discord-opt-tournaments = 本社区谁可以创建比赛（管理员设置）
tournament-makers-admins = 管理员
tournament-makers-everyone = 所有人
tournament-makers-admins-set = 现在只有本社区的管理员可以创建比赛。
tournament-makers-everyone-set = 现在本社区的任何人都可以创建比赛（/比赛 新建）；由创建者开始和结束。
tournament-place-title = { $name } · 第 { $round } 轮
tournament-place = 对局在“{ $place }”中进行。

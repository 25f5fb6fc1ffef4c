<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>cm::ui::AddNodeDialog</name>
    <message>
        <source>Add node</source>
        <translation>添加节点</translation>
    </message>
    <message>
        <source>pve1.lan or 192.0.2.10</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Host:</source>
        <translation>主机：</translation>
    </message>
    <message>
        <source>Port:</source>
        <translation>端口：</translation>
    </message>
    <message>
        <source>root</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>defaults to the host</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Display name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSH agent</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Authentication:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>~/.ssh/id_ed25519 (empty: the default keys)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Key file:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>only if the key has one</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Key passphrase:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Remember the password or passphrase in the system keychain</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Trust this host key and connect</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Private key</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a host first.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connected. Host key %1 is now trusted.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First connection to this host.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host presents the key
%1
Compare it with the node&apos;s own key (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the node) before trusting it.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::ClusterPanel</name>
    <message>
        <source>Cluster</source>
        <translation>集群</translation>
    </message>
    <message>
        <source>Details</source>
        <translation>详情</translation>
    </message>
    <message>
        <source>local (this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Benchmark this…</source>
        <translation>测试此项…</translation>
    </message>
    <message>
        <source>Refresh inventory</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Remove node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>online</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>HDD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>SSD</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>swap</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 TB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 kB</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>%1 Gbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MTU %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>in %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::DiskParamsPage</name>
    <message>
        <source>Quick (CrystalDiskMark-style: SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard (the seven tests: linear, peak random, latency, journal)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Pick a preset. Change single values under “Advanced” only if you need to.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <source> s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Runtime per test:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Jobs (threads) per test:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Test</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Block size</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Queue depth</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::DiskSafetyPage</name>
    <message>
        <source>Safety</source>
        <translation>安全</translation>
    </message>
    <message>
        <source>Check what will be written, and where.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#c62828&apos;&gt;&lt;b&gt;All data on %1 will be destroyed&lt;/b&gt; on: %2.&lt;/p&gt;&lt;p&gt;The write tests overwrite the device from its first sector. Partitions, filesystems, LVM and Ceph data on it are lost and cannot be recovered.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Type the device path (%1) to confirm:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;p&gt;fio writes a test file &lt;b&gt;%1/%4&lt;/b&gt; of %2 on: %3.&lt;/p&gt;&lt;p&gt;Only that file is written; it is removed when the run ends. Nothing else in the folder is touched. Make sure the folder&apos;s filesystem has %2 free.&lt;/p&gt;</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>This plan cannot run: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::DiskTargetPage</name>
    <message>
        <source>Target</source>
        <translation>目标</translation>
    </message>
    <message>
        <source>Where fio reads and writes. A file in a folder is safe; a raw device loses its data.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A test file in a folder (recommended)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>/srv/bench</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Folder on each node:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>fio size: a number with K, M, G or T</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File size:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder must exist: it is never created. The test file %1 is removed afterwards.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A raw block device (destroys all data on it)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Device:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; write tests overwrite the whole device. Every partition, filesystem and file on it is lost. Devices that are mounted, partitioned, in use or an OSD are refused.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Folder for the test file</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Choose a folder.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder must be an absolute path.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>File size must be a number with an optional K, M, G or T suffix (e.g. 1G).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The folder %1 does not exist on this machine.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Enter a device path such as /dev/sdb.</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::FigureCard</name>
    <message>
        <source>Read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>Read IOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write IOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>CPU busy</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>step mean</source>
        <translation>本步平均</translation>
    </message>
</context>
<context>
    <name>cm::ui::KindPage</name>
    <message>
        <source>What do you want to measure?</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Each kind of benchmark has its own targets, presets and safety rules.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk: fio on the node that holds the disk or folder (bandwidth, IOPS, latency)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::LiveChart</name>
    <message>
        <source>CPU</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>read</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>write</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>seconds</source>
        <translation>秒</translation>
    </message>
</context>
<context>
    <name>cm::ui::LiveDashboard</name>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>Latency p50 / p99</source>
        <translation>延迟 p50 / p99</translation>
    </message>
    <message>
        <source>Node CPU busy</source>
        <translation>节点 CPU 占用</translation>
    </message>
</context>
<context>
    <name>cm::ui::LiveHeader</name>
    <message>
        <source>Cancel</source>
        <translation>取消</translation>
    </message>
    <message>
        <source>No run yet</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan a benchmark with “New plan”.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Starting (%n step(s))…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Step %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Elapsed %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ETA unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>Failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Interrupted</source>
        <translation>已中断</translation>
    </message>
</context>
<context>
    <name>cm::ui::MainWindow</name>
    <message>
        <source>ClusterMark</source>
        <translation>ClusterMark</translation>
    </message>
    <message>
        <source>Live</source>
        <translation>实时</translation>
    </message>
    <message>
        <source>Results</source>
        <translation>结果</translation>
    </message>
    <message>
        <source>step %1/%2: %3</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The run could not start</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Main</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add node</source>
        <translation>添加节点</translation>
    </message>
    <message>
        <source>New plan</source>
        <translation>新建计划</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>再次运行</translation>
    </message>
    <message>
        <source>Stop</source>
        <translation>停止</translation>
    </message>
    <message>
        <source>Ctrl+Shift+N</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Stop the current run before starting another one.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run %1 %2; saved under Results.</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n node(s) online</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the run…</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message numerus="yes">
        <source>Reading the inventory of %n node(s)…</source>
        <translation type="unfinished">
            <numerusform></numerusform>
        </translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>The secret could not be saved in the keychain: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::NodeConnector</name>
    <message>
        <source>Connected.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The host does not answer or refuses the connection%1. Check the address, the port and that sshd runs.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The connection timed out%1. Check the address and any firewall.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The node refused every authentication method%1. Check the user, the key or the password.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>First connection to this host: its key (%1) is not known yet.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>WARNING: the host key of this node has CHANGED%1. This can mean someone intercepts the connection, or the node was reinstalled. The connection was refused. If the change is expected, remove the old key from the known hosts file.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>The keychain could not be used: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Connection failed: %1</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::NodesPage</name>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Tick the nodes to benchmark. Every step runs on all of them at the same time.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Add more nodes with “Add node” in the main window.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>local (this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::PlanWizard</name>
    <message>
        <source>New benchmark plan</source>
        <translation>新建测试计划</translation>
    </message>
    <message>
        <source>Run</source>
        <translation>运行</translation>
    </message>
</context>
<context>
    <name>cm::ui::ResultsModel</name>
    <message>
        <source>R %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>W %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>completed</source>
        <translation>已完成</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source>cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>interrupted</source>
        <translation>已中断</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
    </message>
    <message>
        <source>Plan</source>
        <translation>计划</translation>
    </message>
    <message>
        <source>Kind</source>
        <translation>类型</translation>
    </message>
    <message>
        <source>Nodes</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Started</source>
        <translation>开始时间</translation>
    </message>
    <message>
        <source>Duration</source>
        <translation>时长</translation>
    </message>
    <message>
        <source>Key figures</source>
        <translation>关键数据</translation>
    </message>
</context>
<context>
    <name>cm::ui::ReviewPage</name>
    <message>
        <source>Review</source>
        <translation>检查</translation>
    </message>
    <message>
        <source>These are the exact commands that will run. Press Run to start.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Plan name:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Estimated duration:</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save plan…</source>
        <translation>保存计划…</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ClusterMark plans (*.json)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Standard disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Disk</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>about %1 (min:s)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>unknown</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::RunDetailPane</name>
    <message>
        <source>Node</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read MB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write MB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Read IOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Write IOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lat p50</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Lat p99</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Item</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Value</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Environment</source>
        <translation>环境</translation>
    </message>
    <message>
        <source>Commands</source>
        <translation>命令</translation>
    </message>
    <message>
        <source>Select a run to see its figures.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Could not read the run: %1</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>measured on the nodes</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>cm::ui::UnitScale</name>
    <message>
        <source>GB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>kB/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>B/s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>M IOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>k IOPS</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>s</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ms</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>µs</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>ns</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>%</source>
        <translation type="unfinished"></translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Benchmark homelab clusters: disks, network, Ceph.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Run the quick disk benchmark on this machine at once.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Save a PNG of the main window to &lt;file&gt;.</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quit after &lt;seconds&gt; (after the screenshot).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Seconds per test of --demo (default 5).</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>Quick disk (demo, this machine)</source>
        <translation type="unfinished"></translation>
    </message>
    <message>
        <source>With --demo: the folder for the test file (default: a fresh temp folder).</source>
        <translation type="unfinished"></translation>
    </message>
</context>
</TS>

<?xml version="1.0" encoding="utf-8"?>
<!DOCTYPE TS>
<TS version="2.1" language="zh_CN">
<context>
    <name>HealthBands</name>
    <message>
        <source>health unknown</source>
        <translation>健康状态未知</translation>
    </message>
    <message>
        <source>recovery</source>
        <translation>恢复</translation>
    </message>
    <message>
        <source>backfill</source>
        <translation>回填</translation>
    </message>
    <message>
        <source>scrub</source>
        <translation>清洗</translation>
    </message>
</context>
<context>
    <name>cm::Bottleneck</name>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>the client&apos;s CPU: %1 at %2 % busy; the figure is the client&apos;s, not the cluster&apos;s</source>
        <translation>客户端的 CPU：%1 繁忙 %2 %；此数值反映的是客户端，而不是集群</translation>
    </message>
    <message>
        <source>one core of the client: %1&apos;s busiest core at %2 %; the figure is the client&apos;s, not the cluster&apos;s</source>
        <translation>客户端的一个核心：%1 最忙的核心为 %2 %；此数值反映的是客户端，而不是集群</translation>
    </message>
    <message>
        <source>the network: %1 on %2 carries %3 of its %4 link</source>
        <translation>网络：%2 上的 %1 承载 %3，链路速率为 %4</translation>
    </message>
    <message>
        <source>a disk: %1 on %2 at %3 % utilisation</source>
        <translation>磁盘：%2 上的 %1 利用率为 %3 %</translation>
    </message>
    <message>
        <source>the CPU of %1: %2 % busy</source>
        <translation>%1 的 CPU：繁忙 %2 %</translation>
    </message>
    <message>
        <source>one core of %1: its busiest core at %2 %</source>
        <translation>%1 的一个核心：最忙的核心为 %2 %</translation>
    </message>
    <message>
        <source>a slow OSD: %1 commits in %2, the others in %3</source>
        <translation>慢 OSD：%1 提交耗时 %2，其他 OSD 为 %3</translation>
    </message>
    <message>
        <source>latency: one I/O in flight and nothing saturated; the figure is the round trip</source>
        <translation>延迟：只有一个 I/O 在途且没有资源饱和；此数值是往返时间</translation>
    </message>
    <message>
        <source>no bottleneck found: nothing the app watches was saturated (CPU, NICs, disks, OSD latency)</source>
        <translation>未发现瓶颈：本应用监视的资源均未饱和（CPU、网卡、磁盘、OSD 延迟）</translation>
    </message>
    <message>
        <source>%1: limited by %2</source>
        <translation>%1：受限于 %2</translation>
    </message>
</context>
<context>
    <name>cm::DeviceClassText</name>
    <message>
        <source>HDD</source>
        <translation>HDD</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>virtual disk</source>
        <translation>虚拟磁盘</translation>
    </message>
    <message>
        <source>loop device (a file)</source>
        <translation>loop 设备（一个文件）</translation>
    </message>
    <message>
        <source>memory-backed</source>
        <translation>内存支持</translation>
    </message>
    <message>
        <source>network block device</source>
        <translation>网络块设备</translation>
    </message>
    <message>
        <source>LVM / RAID / mapper</source>
        <translation>LVM / RAID / mapper</translation>
    </message>
    <message>
        <source>unknown type</source>
        <translation>类型未知</translation>
    </message>
    <message>
        <source>An emulated disk: the host&apos;s storage and cache decide its speed; its rotational flag says nothing.</source>
        <translation>模拟磁盘：其速度由宿主机的存储和缓存决定；它的旋转标志没有意义。</translation>
    </message>
    <message>
        <source>Backed by a file: the file system and page cache under it decide its speed.</source>
        <translation>由文件支持：其速度由下层文件系统和页缓存决定。</translation>
    </message>
    <message>
        <source>Backed by RAM: no storage device is measured.</source>
        <translation>由内存支持：没有测量任何存储设备。</translation>
    </message>
    <message>
        <source>Backed by the network and a remote store.</source>
        <translation>由网络和远程存储支持。</translation>
    </message>
    <message>
        <source>Built from other devices: the slowest of them decides.</source>
        <translation>由其他设备组成：其中最慢的设备决定速度。</translation>
    </message>
    <message>
        <source>Neither the name, the model nor the transport tells what it is.</source>
        <translation>名称、型号和传输方式都无法说明它是什么设备。</translation>
    </message>
</context>
<context>
    <name>cm::Knob</name>
    <message>
        <source>Drive volatile write cache</source>
        <translation>硬盘易失性写缓存</translation>
    </message>
    <message>
        <source>Block device read-ahead (KiB)</source>
        <translation>块设备预读（KiB）</translation>
    </message>
    <message>
        <source>Block device I/O scheduler</source>
        <translation>块设备 I/O 调度器</translation>
    </message>
    <message>
        <source>CPU frequency governor</source>
        <translation>CPU 调频策略</translation>
    </message>
    <message>
        <source>Network interface MTU</source>
        <translation>网络接口 MTU</translation>
    </message>
    <message>
        <source>Bond transmit hash policy</source>
        <translation>Bond 发送哈希策略</translation>
    </message>
    <message>
        <source>Ceph option (ceph config set)</source>
        <translation>Ceph 选项（ceph config set）</translation>
    </message>
    <message>
        <source>Cluster-wide OSD flag (ceph osd set)</source>
        <translation>集群范围的 OSD 标志（ceph osd set）</translation>
    </message>
</context>
<context>
    <name>cm::MetricCatalog</name>
    <message>
        <source>OSD commit latency</source>
        <translation>OSD 提交延迟</translation>
    </message>
    <message>
        <source>OSD apply latency</source>
        <translation>OSD 应用延迟</translation>
    </message>
    <message>
        <source>pool read (Ceph)</source>
        <translation>存储池读取（Ceph）</translation>
    </message>
    <message>
        <source>pool write (Ceph)</source>
        <translation>存储池写入（Ceph）</translation>
    </message>
    <message>
        <source>pool read ops (Ceph)</source>
        <translation>存储池读操作（Ceph）</translation>
    </message>
    <message>
        <source>pool write ops (Ceph)</source>
        <translation>存储池写操作（Ceph）</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>read p50</source>
        <translation>读 p50</translation>
    </message>
    <message>
        <source>read p99</source>
        <translation>读 p99</translation>
    </message>
    <message>
        <source>write p50</source>
        <translation>写 p50</translation>
    </message>
    <message>
        <source>write p99</source>
        <translation>写 p99</translation>
    </message>
    <message>
        <source>read p99.9</source>
        <translation>读 p99.9</translation>
    </message>
    <message>
        <source>write p99.9</source>
        <translation>写 p99.9</translation>
    </message>
    <message>
        <source>read mean</source>
        <translation>读 平均</translation>
    </message>
    <message>
        <source>write mean</source>
        <translation>写 平均</translation>
    </message>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>CPU I/O wait</source>
        <translation>CPU I/O 等待</translation>
    </message>
    <message>
        <source>create ops/s</source>
        <translation>create ops/s</translation>
    </message>
    <message>
        <source>create p50</source>
        <translation>create p50</translation>
    </message>
    <message>
        <source>create p99</source>
        <translation>create p99</translation>
    </message>
    <message>
        <source>stat ops/s</source>
        <translation>stat ops/s</translation>
    </message>
    <message>
        <source>stat p50</source>
        <translation>stat p50</translation>
    </message>
    <message>
        <source>stat p99</source>
        <translation>stat p99</translation>
    </message>
    <message>
        <source>delete ops/s</source>
        <translation>delete ops/s</translation>
    </message>
    <message>
        <source>delete p50</source>
        <translation>delete p50</translation>
    </message>
    <message>
        <source>delete p99</source>
        <translation>delete p99</translation>
    </message>
    <message>
        <source>File create</source>
        <translation>文件创建</translation>
    </message>
    <message>
        <source>File stat</source>
        <translation>文件 stat</translation>
    </message>
    <message>
        <source>File delete</source>
        <translation>文件删除</translation>
    </message>
    <message>
        <source>read TTFB p50</source>
        <translation>读 TTFB p50</translation>
    </message>
    <message>
        <source>read TTFB p99</source>
        <translation>读 TTFB p99</translation>
    </message>
    <message>
        <source>failed requests</source>
        <translation>失败的请求</translation>
    </message>
    <message>
        <source>HEAD ops/s</source>
        <translation>HEAD ops/s</translation>
    </message>
    <message>
        <source>HEAD p50</source>
        <translation>HEAD p50</translation>
    </message>
    <message>
        <source>HEAD p99</source>
        <translation>HEAD p99</translation>
    </message>
    <message>
        <source>DELETE ops/s</source>
        <translation>DELETE ops/s</translation>
    </message>
    <message>
        <source>DELETE p50</source>
        <translation>DELETE p50</translation>
    </message>
    <message>
        <source>DELETE p99</source>
        <translation>DELETE p99</translation>
    </message>
    <message>
        <source>LIST ops/s</source>
        <translation>LIST ops/s</translation>
    </message>
    <message>
        <source>LIST p50</source>
        <translation>LIST p50</translation>
    </message>
    <message>
        <source>LIST p99</source>
        <translation>LIST p99</translation>
    </message>
    <message>
        <source>S3 HEAD</source>
        <translation>S3 HEAD</translation>
    </message>
    <message>
        <source>S3 DELETE</source>
        <translation>S3 DELETE</translation>
    </message>
    <message>
        <source>S3 LIST</source>
        <translation>S3 LIST</translation>
    </message>
    <message>
        <source>throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>retransmits</source>
        <translation>重传</translation>
    </message>
    <message>
        <source>clients counted</source>
        <translation>计入的客户端</translation>
    </message>
    <message>
        <source>busiest core</source>
        <translation>最忙的核心</translation>
    </message>
    <message>
        <source>memory used</source>
        <translation>已用内存</translation>
    </message>
</context>
<context>
    <name>cm::NetFindings</name>
    <message>
        <source>%1 sent over %2.</source>
        <translation>%1 的发送流量分布：%2。</translation>
    </message>
    <message>
        <source>One TCP stream never uses more than one link of a bond or multipath route: %1 is what a single link and flow carry. Use 4 or more streams to load several links.</source>
        <translation>单个 TCP 流不会使用 bond 或多路径路由中的多条链路：%1 是单条链路、单个流的承载量。要让多条链路都有负载，请使用 4 个或更多流。</translation>
    </message>
    <message>
        <source>%1 on %2 hashes on %3: all traffic between two hosts goes over one link, whatever the number of streams. Set xmit_hash_policy=layer3+4 to spread flows.</source>
        <translation>%2 上的 %1 按 %3 做哈希：无论流的数量多少，两台主机之间的全部流量都走同一条链路。请设置 xmit_hash_policy=layer3+4 以分散流。</translation>
    </message>
    <message>
        <source>%1 of %2 on %3 is in aggregator %4, not in the active aggregator %5: it carries nothing (check the switch&apos;s LACP configuration).</source>
        <translation>%3 上 %2 的 %1 位于聚合组 %4，而不是活动聚合组 %5：它不承载任何流量（请检查交换机的 LACP 配置）。</translation>
    </message>
    <message>
        <source>%1 of %2 on %3 runs at %4 Mbit/s, below the %5 Mbit/s of the other links.</source>
        <translation>%3 上 %2 的 %1 速率为 %4 Mbit/s，低于其他链路的 %5 Mbit/s。</translation>
    </message>
    <message>
        <source>MTU mismatch: %1 sent over %2 with MTU %3, %4 received on %5 with MTU %6. Large frames are dropped or fragmented; set the same MTU end to end.</source>
        <translation>MTU 不一致：%1 通过 MTU 为 %3 的 %2 发送，%4 通过 MTU 为 %6 的 %5 接收。大帧会被丢弃或分片；请端到端设置相同的 MTU。</translation>
    </message>
    <message>
        <source>The receiver (%1) used %2 % CPU: the result is limited by its CPU, not by the links. iperf3 before 3.16 runs on one core; try iperf 2 or more streams.</source>
        <translation>接收端（%1）CPU 占用 %2 %：结果受其 CPU 限制，而非链路。3.16 之前的 iperf3 只使用一个核心；请尝试 iperf 2 或更多流。</translation>
    </message>
    <message>
        <source>%1 carried %2, %3 % of the %4 its up slaves add up to (best single link %5).</source>
        <translation>%1 承载了 %2，为其在线从属链路合计 %4 的 %3 %（最佳单链路 %5）。</translation>
    </message>
    <message>
        <source>%1 streams did not get past one link of %2 (%3 carried the traffic): check the hash policy; with layer3+4 all flows land on one link by chance now and then, so run again.</source>
        <translation>%1 个流没有越过 %2 的一条链路（流量由 %3 承载）：请检查哈希策略；即使使用 layer3+4，所有流也偶尔会碰巧落在同一条链路上，请再运行一次。</translation>
    </message>
    <message>
        <source>%1 as asked</source>
        <translation>%1（按要求）</translation>
    </message>
    <message>
        <source>iperf 2: iperf3 %1 runs on one CPU core (before 3.16) and cannot fill a %2 link</source>
        <translation>iperf 2：iperf3 %1 只在一个 CPU 核心上运行（3.16 之前），跑不满 %2 的链路</translation>
    </message>
    <message>
        <source>iperf 2: iperf3 is not installed on both nodes</source>
        <translation>iperf 2：并非两个节点都装有 iperf3</translation>
    </message>
    <message>
        <source>iperf3 %1 (multi-threaded since 3.16)</source>
        <translation>iperf3 %1（自 3.16 起为多线程）</translation>
    </message>
    <message>
        <source>iperf3 (links up to %1)</source>
        <translation>iperf3（链路最高 %1）</translation>
    </message>
    <message>
        <source>iperf3 (the links&apos; speed is not known)</source>
        <translation>iperf3（链路速度未知）</translation>
    </message>
</context>
<context>
    <name>cm::RateWords</name>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>Read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>Write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>ops/s</source>
        <translation>次操作/秒</translation>
    </message>
    <message>
        <source>requests/s</source>
        <translation>次请求/秒</translation>
    </message>
    <message>
        <source>GET</source>
        <translation>GET</translation>
    </message>
    <message>
        <source>PUT</source>
        <translation>PUT</translation>
    </message>
</context>
<context>
    <name>cm::RunDifferences</name>
    <message>
        <source>block size</source>
        <translation>块大小</translation>
    </message>
    <message>
        <source>queue depth</source>
        <translation>队列深度</translation>
    </message>
    <message>
        <source>jobs</source>
        <translation>作业数</translation>
    </message>
    <message>
        <source>runtime (s)</source>
        <translation>运行时间（秒）</translation>
    </message>
    <message>
        <source>pattern</source>
        <translation>模式</translation>
    </message>
    <message>
        <source>size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>fio version</source>
        <translation>fio 版本</translation>
    </message>
    <message>
        <source>write cache</source>
        <translation>写缓存</translation>
    </message>
    <message>
        <source>drive write caching (hdparm)</source>
        <translation>硬盘写缓存（hdparm）</translation>
    </message>
    <message>
        <source>rotational</source>
        <translation>机械盘</translation>
    </message>
    <message>
        <source>disk model</source>
        <translation>磁盘型号</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>Ceph version</source>
        <translation>Ceph 版本</translation>
    </message>
    <message>
        <source>ClusterMark version</source>
        <translation>ClusterMark 版本</translation>
    </message>
    <message>
        <source>client OS</source>
        <translation>客户端操作系统</translation>
    </message>
    <message>
        <source>client host</source>
        <translation>客户端主机</translation>
    </message>
    <message>
        <source>repetitions</source>
        <translation>重复次数</translation>
    </message>
    <message>
        <source>CephFS mount</source>
        <translation>CephFS 挂载</translation>
    </message>
    <message>
        <source>CephFS folder</source>
        <translation>CephFS 文件夹</translation>
    </message>
    <message>
        <source>folder</source>
        <translation>文件夹</translation>
    </message>
    <message>
        <source>object sizes</source>
        <translation>对象大小</translation>
    </message>
    <message>
        <source>ceph.conf</source>
        <translation>ceph.conf</translation>
    </message>
    <message>
        <source>librbd cache</source>
        <translation>librbd 缓存</translation>
    </message>
    <message>
        <source>Ceph: ceph.conf</source>
        <translation>Ceph：ceph.conf</translation>
    </message>
    <message>
        <source>Ceph: </source>
        <translation>Ceph：</translation>
    </message>
    <message>
        <source>(none)</source>
        <translation>（无）</translation>
    </message>
    <message>
        <source>(not set)</source>
        <translation>（未设置）</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>test %1 only in run %2</source>
        <translation>测试 %1 仅在运行 %2 中</translation>
    </message>
    <message>
        <source>all tests</source>
        <translation>所有测试</translation>
    </message>
    <message>
        <source>%1: %2 (%3)</source>
        <translation>%1：%2（%3）</translation>
    </message>
    <message>
        <source>%1: %2: %3</source>
        <translation>%1：%2：%3</translation>
    </message>
    <message>
        <source>client: %1: %2</source>
        <translation>客户端：%1：%2</translation>
    </message>
    <message>
        <source>pool type</source>
        <translation>存储池类型</translation>
    </message>
    <message>
        <source>pool size</source>
        <translation>存储池副本数</translation>
    </message>
    <message>
        <source>pool min_size</source>
        <translation>存储池 min_size</translation>
    </message>
    <message>
        <source>erasure-code profile</source>
        <translation>纠删码配置</translation>
    </message>
    <message>
        <source>placement groups</source>
        <translation>归置组</translation>
    </message>
    <message>
        <source>PG autoscale</source>
        <translation>PG 自动伸缩</translation>
    </message>
    <message>
        <source>CRUSH rule</source>
        <translation>CRUSH 规则</translation>
    </message>
    <message>
        <source>CRUSH device class</source>
        <translation>CRUSH 设备类</translation>
    </message>
    <message>
        <source>OSDs</source>
        <translation>OSD</translation>
    </message>
    <message>
        <source>OSD flags</source>
        <translation>OSD 标志</translation>
    </message>
    <message>
        <source>scrubbing</source>
        <translation>清洗</translation>
    </message>
    <message>
        <source>balancer</source>
        <translation>均衡器</translation>
    </message>
    <message>
        <source>librados API</source>
        <translation>librados API</translation>
    </message>
    <message>
        <source>RBD client cache</source>
        <translation>RBD 客户端缓存</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>TLS certificate checked</source>
        <translation>已校验 TLS 证书</translation>
    </message>
    <message>
        <source>S3 endpoint</source>
        <translation>S3 端点</translation>
    </message>
    <message>
        <source>server-side encryption</source>
        <translation>服务端加密</translation>
    </message>
</context>
<context>
    <name>cm::RunnerKind</name>
    <message>
        <source>Disk: fio on the node that holds the disk or folder (bandwidth, IOPS, latency)</source>
        <translation>磁盘：在磁盘或文件夹所在的节点上运行 fio（带宽、IOPS、延迟）</translation>
    </message>
    <message>
        <source>RBD: fio&apos;s rbd engine on a node, one test image per step (Ceph block storage)</source>
        <translation>RBD：在节点上使用 fio 的 rbd 引擎，每个步骤一个测试镜像（Ceph 块存储）</translation>
    </message>
    <message>
        <source>Network: iperf3 / iperf 2 between nodes, with per-link traffic (bonds, MTU, speeds)</source>
        <translation>网络：在节点间运行 iperf3 / iperf 2，并记录每条链路的流量（bond、MTU、速率）</translation>
    </message>
    <message>
        <source>Per-OSD latency: QD1 4k writes to each OSD in turn, to find the slow one (heat map)</source>
        <translation>各 OSD 延迟：依次向每个 OSD 做 QD1 的 4k 写入，找出慢的那个（热力图）</translation>
    </message>
    <message>
        <source>S3 objects: PUT, GET and more against an S3 endpoint or Ceph RGW, by object size</source>
        <translation>S3 对象：对 S3 端点或 Ceph RGW 执行 PUT、GET 等操作，按对象大小测试</translation>
    </message>
    <message>
        <source>CephFS: file throughput and small-file metadata rates (ClusterMark&apos;s own client, or fio on a node)</source>
        <translation>CephFS：文件吞吐量和小文件元数据速率（ClusterMark 自带的客户端，或节点上的 fio）</translation>
    </message>
    <message>
        <source>CephFS throughput</source>
        <translation>CephFS 吞吐量</translation>
    </message>
    <message>
        <source>4M sequential write and read with 4 threads (1 GiB file each), then 4k random write and read with 16 threads (256 MiB file each), 30 s each; files are written whole before reads and random writes</source>
        <translation>4 个线程 4M 顺序写和读（每个文件 1 GiB），然后 16 个线程 4k 随机写和读（每个文件 256 MiB），各 30 秒；读和随机写之前先完整写入文件</translation>
    </message>
    <message>
        <source>CephFS metadata</source>
        <translation>CephFS 元数据</translation>
    </message>
    <message>
        <source>4 threads each create 2000 empty files in their own folder, stat them through a second client (every stat reaches the MDS), then delete them; ops/s and latency per op (native engine only)</source>
        <translation>4 个线程各在自己的文件夹中创建 2000 个空文件，通过第二个客户端 stat 它们（每次 stat 都到达 MDS），然后删除；按操作给出 ops/s 和延迟（仅限原生引擎）</translation>
    </message>
    <message>
        <source>CephFS (quick)</source>
        <translation>CephFS（快速）</translation>
    </message>
    <message>
        <source>4M sequential write and read (4 threads, 256 MiB each), 4k random read (8 threads, 128 MiB each), 10 s each, and 4 threads × 500 small files (native engine only)</source>
        <translation>4M 顺序写和读（4 个线程，每个 256 MiB），4k 随机读（8 个线程，每个 128 MiB），各 10 秒，以及 4 个线程 × 500 个小文件（仅限原生引擎）</translation>
    </message>
    <message>
        <source>Quick (CrystalDiskMark-style)</source>
        <translation>快速（CrystalDiskMark 风格）</translation>
    </message>
    <message>
        <source>SEQ1M Q8T1, SEQ1M Q1T1, RND4K Q32T1, RND4K Q1T1; read and write; 5 s each</source>
        <translation>SEQ1M Q8T1、SEQ1M Q1T1、RND4K Q32T1、RND4K Q1T1；读和写；各 5 秒</translation>
    </message>
    <message>
        <source>Standard suite</source>
        <translation>标准套件</translation>
    </message>
    <message>
        <source>Linear read/write 4M QD32, peak random read/write 4k QD128, single-thread read latency, journal write latency (sync and fsync), single-thread random write latency</source>
        <translation>线性读/写 4M QD32，峰值随机读/写 4k QD128，单线程读延迟，日志写延迟（sync 和 fsync），单线程随机写延迟</translation>
    </message>
    <message>
        <source>Pair</source>
        <translation>一对</translation>
    </message>
    <message>
        <source>iperf3 -P 4 for 10 s from the first node to the second</source>
        <translation>从第一个节点到第二个节点运行 iperf3 -P 4，持续 10 秒</translation>
    </message>
    <message>
        <source>All pairs</source>
        <translation>所有节点对</translation>
    </message>
    <message>
        <source>iperf3 -P 4 for 10 s between every ordered pair of nodes, one pair at a time</source>
        <translation>在每个有序节点对之间运行 iperf3 -P 4，持续 10 秒，一次一对</translation>
    </message>
    <message>
        <source>Per-OSD latency</source>
        <translation>各 OSD 延迟</translation>
    </message>
    <message>
        <source>4k writes at random offsets in 4 MiB objects, QD1, 10 s per OSD</source>
        <translation>在 4 MiB 对象的随机偏移处 4k 写入，QD1，每个 OSD 10 秒</translation>
    </message>
    <message>
        <source>Per-OSD latency (quick)</source>
        <translation>各 OSD 延迟（快速）</translation>
    </message>
    <message>
        <source>4k writes at random offsets in 4 MiB objects, QD1, 3 s per OSD</source>
        <translation>在 4 MiB 对象的随机偏移处 4k 写入，QD1，每个 OSD 3 秒</translation>
    </message>
    <message>
        <source>RADOS objects: write, read and stat through the app&apos;s own librados client, or fio&apos;s rados engine on client nodes</source>
        <translation>RADOS 对象：通过本程序自带的 librados 客户端，或在客户端节点上用 fio 的 rados 引擎进行写、读和 stat</translation>
    </message>
    <message>
        <source>Figures are lower than `rados bench`: its read phase reads back the few objects it has just written, which sit in the OSDs&apos; caches. This benchmark spreads I/O over a working set (objects × object size) meant to be larger than the OSDs&apos; caches, and writes every object of it before reading, so reads come from the disks.</source>
        <translation>数值低于 `rados bench`：后者的读阶段读回刚写入的少量对象，这些对象位于 OSD 的缓存中。本测试把 I/O 分布在一个工作集（对象数 × 对象大小）上，该工作集应大于 OSD 的缓存，并在读之前写入其中每个对象，因此读取来自磁盘。</translation>
    </message>
    <message>
        <source>RADOS objects</source>
        <translation>RADOS 对象</translation>
    </message>
    <message>
        <source>Whole-object write and read (4M objects by default), 4k write, 4k read and stat, QD16, 30 s each, over the whole working set.</source>
        <translation>整对象写和读（默认 4M 对象），4k 写、4k 读和 stat，QD16，各 30 秒，覆盖整个工作集。</translation>
    </message>
    <message>
        <source>RADOS objects (quick)</source>
        <translation>RADOS 对象（快速）</translation>
    </message>
    <message>
        <source>Whole-object write and read, 4k read and stat, QD16, 10 s each.</source>
        <translation>整对象写和读，4k 读和 stat，QD16，各 10 秒。</translation>
    </message>
    <message>
        <source>RBD test table</source>
        <translation>RBD 测试表</translation>
    </message>
    <message>
        <source>4M QD16 write, 4k QD1 randwrite, 4k QD128 randwrite, then the same reads (prefilled)</source>
        <translation>4M QD16 写，4k QD1 随机写，4k QD128 随机写，然后是相同的读（已预填充）</translation>
    </message>
    <message>
        <source>Each step keeps the given number of signed (SigV4) requests in flight over keep-alive connections for its runtime, over a working set of objects in a bucket of the run&apos;s own (removed afterwards). GET, HEAD, DELETE, LIST and mixed steps first write the objects no earlier step wrote (not measured). Latency runs from sending the request to the last byte; time to first byte is reported for GETs.</source>
        <translation>每个步骤在其运行时间内，通过长连接保持给定数量的已签名（SigV4）请求在途，作用于本次运行自己的 bucket 中的一组对象（之后删除）。GET、HEAD、DELETE、LIST 和混合步骤会先写入之前步骤未写入的对象（不计入测量）。延迟从发送请求算到最后一个字节；GET 另报告首字节时间。</translation>
    </message>
    <message>
        <source>S3 quick</source>
        <translation>S3 快速</translation>
    </message>
    <message>
        <source>64 KiB PUT then GET, 16 requests in flight, 10 s each.</source>
        <translation>64 KiB 先 PUT 后 GET，16 个请求在途，各 10 秒。</translation>
    </message>
    <message>
        <source>S3 object size sweep</source>
        <translation>S3 对象大小扫描</translation>
    </message>
    <message>
        <source>PUT then GET at 64 KiB, 1 MiB, 32 MiB, 256 MiB and 1 GiB, 15 s each. The working set is about 1 GiB per size (1024 objects up to 1 MiB, 32 at 32 MiB, 4 at 256 MiB, 2 at 1 GiB) and requests in flight are at most the object count (16, 4 at 256 MiB, 2 at 1 GiB), so a small cluster copes.</source>
        <translation>在 64 KiB、1 MiB、32 MiB、256 MiB 和 1 GiB 下先 PUT 后 GET，各 15 秒。每种大小的工作集约 1 GiB（不超过 1 MiB 时 1024 个对象，32 MiB 时 32 个，256 MiB 时 4 个，1 GiB 时 2 个），在途请求数不超过对象数（16，256 MiB 时 4，1 GiB 时 2），因此小集群也能应付。</translation>
    </message>
    <message>
        <source>S3 mixed</source>
        <translation>S3 混合</translation>
    </message>
    <message>
        <source>70 % GET, 20 % PUT, 10 % DELETE of 1 MiB objects, 16 in flight, 30 s.</source>
        <translation>1 MiB 对象 70 % GET、20 % PUT、10 % DELETE，16 个在途，30 秒。</translation>
    </message>
    <message>
        <source>S3 small objects</source>
        <translation>S3 小对象</translation>
    </message>
    <message>
        <source>4 KiB PUT, GET, HEAD and DELETE over 4096 objects, 16 in flight, 10 s each (DELETE ends when all are gone). A gateway on RGW&apos;s beast frontend without its tcp_nodelay=1 option holds small responses about 40 ms (Nagle&apos;s algorithm meets delayed ACKs): latencies near 40 ms come from that setting.</source>
        <translation>对 4096 个对象进行 4 KiB 的 PUT、GET、HEAD 和 DELETE，16 个在途，各 10 秒（DELETE 在全部删除后结束）。使用 RGW beast 前端但未设置 tcp_nodelay=1 的网关会把小响应延迟约 40 ms（Nagle 算法遇上延迟 ACK）：接近 40 ms 的延迟来自该设置。</translation>
    </message>
    <message>
        <source>CephFS</source>
        <translation>CephFS</translation>
    </message>
    <message>
        <source>Disk (fio)</source>
        <translation>磁盘（fio）</translation>
    </message>
    <message>
        <source>Network (iperf3 / iperf 2)</source>
        <translation>网络（iperf3 / iperf 2）</translation>
    </message>
    <message>
        <source>RBD</source>
        <translation>RBD</translation>
    </message>
    <message>
        <source>S3 objects (RGW)</source>
        <translation>S3 对象（RGW）</translation>
    </message>
</context>
<context>
    <name>cm::StepCaveats</name>
    <message>
        <source>client cache on (librbd writeback, unless the cluster turns it off): writes are acknowledged from client memory, so write latency is not a commit latency</source>
        <translation>客户端缓存开启（librbd 回写，除非集群将其关闭）：写入由客户端内存确认，因此写延迟不是提交延迟</translation>
    </message>
    <message>
        <source>one I/O in flight (QD1): IOPS = 1 / latency, a latency figure, not a capacity</source>
        <translation>只有一个 I/O 在途（QD1）：IOPS = 1 / 延迟，这是延迟数值，而不是容量</translation>
    </message>
</context>
<context>
    <name>cm::render::ScalingChart</name>
    <message>
        <source>1 client</source>
        <translation>1 个客户端</translation>
    </message>
    <message>
        <source>%1 clients</source>
        <translation>%1 个客户端</translation>
    </message>
    <message>
        <source>Cluster total MB/s</source>
        <translation>集群总计 MB/s</translation>
    </message>
    <message>
        <source>Cluster total IOPS</source>
        <translation>集群总计 IOPS</translation>
    </message>
    <message>
        <source>%1 · per client %2</source>
        <translation>%1 · 每客户端 %2</translation>
    </message>
    <message>
        <source>Scaling: %1</source>
        <translation>扩展：%1</translation>
    </message>
    <message>
        <source>Cluster total by number of clients (merged over the clients); per client: the total over (clients × one client&apos;s figure).</source>
        <translation>按客户端数量的集群总计（合并所有客户端）；每客户端：总计除以（客户端数 × 单个客户端的数值）。</translation>
    </message>
</context>
<context>
    <name>cm::ui::AddNodeDialog</name>
    <message>
        <source>Add node</source>
        <translation>添加节点</translation>
    </message>
    <message>
        <source>pve1.lan or 192.0.2.10</source>
        <translation>pve1.lan 或 192.0.2.10</translation>
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
        <translation>root</translation>
    </message>
    <message>
        <source>User:</source>
        <translation>用户：</translation>
    </message>
    <message>
        <source>defaults to the host</source>
        <translation>默认与主机相同</translation>
    </message>
    <message>
        <source>Display name:</source>
        <translation>显示名称：</translation>
    </message>
    <message>
        <source>Key file</source>
        <translation>密钥文件</translation>
    </message>
    <message>
        <source>SSH agent</source>
        <translation>SSH agent</translation>
    </message>
    <message>
        <source>Password</source>
        <translation>密码</translation>
    </message>
    <message>
        <source>Authentication:</source>
        <translation>认证方式：</translation>
    </message>
    <message>
        <source>~/.ssh/id_ed25519 (empty: the default keys)</source>
        <translation>~/.ssh/id_ed25519（留空：使用默认密钥）</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Key file:</source>
        <translation>密钥文件：</translation>
    </message>
    <message>
        <source>only if the key has one</source>
        <translation>仅当密钥设有口令时填写</translation>
    </message>
    <message>
        <source>Key passphrase:</source>
        <translation>密钥口令：</translation>
    </message>
    <message>
        <source>Password:</source>
        <translation>密码：</translation>
    </message>
    <message>
        <source>Remember the password or passphrase in the system keychain</source>
        <translation>在系统密钥库中保存密码或口令</translation>
    </message>
    <message>
        <source>Test connection</source>
        <translation>测试连接</translation>
    </message>
    <message>
        <source>Trust this host key and connect</source>
        <translation>信任此主机密钥并连接</translation>
    </message>
    <message>
        <source>Add</source>
        <translation>添加</translation>
    </message>
    <message>
        <source>Private key</source>
        <translation>私钥</translation>
    </message>
    <message>
        <source>Enter a host first.</source>
        <translation>请先输入主机。</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message>
        <source>Connected.</source>
        <translation>已连接。</translation>
    </message>
    <message>
        <source>Connected. Host key %1 is now trusted.</source>
        <translation>已连接。主机密钥 %1 现已受信任。</translation>
    </message>
    <message>
        <source>First connection to this host.</source>
        <translation>首次连接此主机。</translation>
    </message>
    <message>
        <source>The host presents the key
%1
Compare it with the node&apos;s own key (ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub on the node) before trusting it.</source>
        <translation>该主机提供的密钥为
%1
信任之前，请与节点自身的密钥核对（在节点上执行 ssh-keygen -lf /etc/ssh/ssh_host_ed25519_key.pub）。</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephClientForm</name>
    <message>
        <source>from ceph.conf (e.g. /etc/ceph/ceph.client.admin.keyring)</source>
        <translation>取自 ceph.conf（如 /etc/ceph/ceph.client.admin.keyring）</translation>
    </message>
    <message>
        <source>ceph.conf on this machine:</source>
        <translation>本机上的 ceph.conf：</translation>
    </message>
    <message>
        <source>Keyring on this machine:</source>
        <translation>本机上的 keyring：</translation>
    </message>
    <message>
        <source>Client name:</source>
        <translation>客户端名称：</translation>
    </message>
    <message>
        <source>Poll the cluster&apos;s health during the run</source>
        <translation>运行期间轮询集群健康状态</translation>
    </message>
    <message>
        <source>Cluster fetched from a node: monitors %1, fsid %2 (key in memory)</source>
        <translation>已从节点获取集群：monitor %1，fsid %2（密钥仅在内存中）</translation>
    </message>
    <message>
        <source>The client name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>客户端名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>ceph.conf must be an absolute path on this machine.</source>
        <translation>ceph.conf 必须是本机上的绝对路径。</translation>
    </message>
    <message>
        <source>The keyring must be an absolute path on this machine.</source>
        <translation>keyring 必须是本机上的绝对路径。</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephConnectDialog</name>
    <message>
        <source>Connect Ceph cluster</source>
        <translation>连接 Ceph 集群</translation>
    </message>
    <message>
        <source>Files on this machine</source>
        <translation>本机上的文件</translation>
    </message>
    <message>
        <source>empty: the keyring named in ceph.conf</source>
        <translation>留空：使用 ceph.conf 中指定的 keyring</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>ceph.conf:</source>
        <translation>ceph.conf：</translation>
    </message>
    <message>
        <source>Keyring:</source>
        <translation>Keyring：</translation>
    </message>
    <message>
        <source>Local Ceph lab (scripts/lab/ceph-lab.sh start DIR)</source>
        <translation>本地 Ceph 实验集群（scripts/lab/ceph-lab.sh start DIR）</translation>
    </message>
    <message>
        <source>the lab&apos;s folder (holds ceph.conf and keyring)</source>
        <translation>实验集群的文件夹（含 ceph.conf 和 keyring）</translation>
    </message>
    <message>
        <source>Folder:</source>
        <translation>文件夹：</translation>
    </message>
    <message>
        <source>Fetch from a node over SSH (ceph.conf and the client key; Proxmox&apos;s /etc/pve first)</source>
        <translation>通过 SSH 从节点获取（ceph.conf 和客户端密钥；优先使用 Proxmox 的 /etc/pve）</translation>
    </message>
    <message>
        <source>Node:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>ceph.conf on the node:</source>
        <translation>节点上的 ceph.conf：</translation>
    </message>
    <message>
        <source>empty: /etc/pve/ceph.conf, then /etc/ceph/ceph.conf</source>
        <translation>留空：先找 /etc/pve/ceph.conf，再找 /etc/ceph/ceph.conf</translation>
    </message>
    <message>
        <source>Keyring on the node:</source>
        <translation>节点上的 keyring：</translation>
    </message>
    <message>
        <source>empty: /etc/pve/priv/ceph.CLIENT.keyring, then /etc/ceph/…</source>
        <translation>留空：先找 /etc/pve/priv/ceph.CLIENT.keyring，再找 /etc/ceph/…</translation>
    </message>
    <message>
        <source>Remember the key in the OS keychain (else it is kept in memory until ClusterMark quits)</source>
        <translation>在系统密钥库中保存密钥（否则只保存在内存中，直到 ClusterMark 退出）</translation>
    </message>
    <message>
        <source>Client name:</source>
        <translation>客户端名称：</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Connect</source>
        <translation>连接</translation>
    </message>
    <message>
        <source>ceph.conf</source>
        <translation>ceph.conf</translation>
    </message>
    <message>
        <source>Keyring</source>
        <translation>Keyring</translation>
    </message>
    <message>
        <source>Lab folder</source>
        <translation>实验集群文件夹</translation>
    </message>
    <message>
        <source>Choose a node, or type user@host[:port] (add it first so that its host key is trusted).</source>
        <translation>选择一个节点，或输入 user@host[:port]（请先添加该节点，以便信任其主机密钥）。</translation>
    </message>
    <message>
        <source>Not a node address: %1</source>
        <translation>不是有效的节点地址：%1</translation>
    </message>
    <message>
        <source>Paths on the node must be absolute.</source>
        <translation>节点上的路径必须是绝对路径。</translation>
    </message>
    <message>
        <source>Choose the lab&apos;s folder.</source>
        <translation>请选择实验集群的文件夹。</translation>
    </message>
    <message>
        <source>%1 holds no lab (no ceph.conf, keyring and .ceph-lab marker). Start one with scripts/lab/ceph-lab.sh start %1</source>
        <translation>%1 中没有实验集群（缺少 ceph.conf、keyring 和 .ceph-lab 标记）。可用 scripts/lab/ceph-lab.sh start %1 启动一个</translation>
    </message>
    <message>
        <source>Enter the path of ceph.conf (none was found in /etc/ceph or /etc/pve).</source>
        <translation>请输入 ceph.conf 的路径（在 /etc/ceph 和 /etc/pve 中均未找到）。</translation>
    </message>
    <message>
        <source>%1 does not exist.</source>
        <translation>%1 不存在。</translation>
    </message>
    <message>
        <source>Fetch and test</source>
        <translation>获取并测试</translation>
    </message>
    <message>
        <source>Reading ceph.conf and the key on %1…</source>
        <translation>正在读取 %1 上的 ceph.conf 和密钥…</translation>
    </message>
    <message>
        <source>Connecting to %1…</source>
        <translation>正在连接 %1…</translation>
    </message>
    <message numerus="yes">
        <source>Connected: fsid %1, %2, %n OSD(s)</source>
        <translation>
            <numerusform>已连接：fsid %1，%2，%n 个 OSD</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cm::ui::CephConnection</name>
    <message>
        <source>Local Ceph lab (throwaway, on this machine)</source>
        <translation>本地 Ceph 实验集群（临时，在本机上）</translation>
    </message>
    <message>
        <source>The cluster cannot be reached.</source>
        <translation>无法连接到集群。</translation>
    </message>
    <message>
        <source>The cluster refused the client&apos;s key.</source>
        <translation>集群拒绝了客户端密钥。</translation>
    </message>
    <message>
        <source>A file is missing or unreadable.</source>
        <translation>有文件缺失或无法读取。</translation>
    </message>
    <message>
        <source>The cluster could not be read.</source>
        <translation>无法读取集群信息。</translation>
    </message>
    <message>
        <source>The cluster cannot be reached: %1</source>
        <translation>无法连接到集群：%1</translation>
    </message>
    <message>
        <source>The cluster refused the client&apos;s key: %1</source>
        <translation>集群拒绝了客户端密钥：%1</translation>
    </message>
    <message>
        <source>A file is missing or unreadable: %1</source>
        <translation>有文件缺失或无法读取：%1</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephFsMetaPanel</name>
    <message>
        <source>Create</source>
        <translation>创建</translation>
    </message>
    <message>
        <source>Stat</source>
        <translation>Stat</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>%1 ops/s</source>
        <translation>%1 ops/s</translation>
    </message>
    <message>
        <source>This run has no metadata step.</source>
        <translation>此运行中没有元数据步骤。</translation>
    </message>
    <message>
        <source>%1 threads × %2 files each; bars: operations per second, on one scale for the whole run</source>
        <translation>%1 个线程 × 每线程 %2 个文件；柱形：每秒操作数，整个运行使用同一刻度</translation>
    </message>
    <message>
        <source>p50 %1</source>
        <translation>p50 %1</translation>
    </message>
    <message>
        <source>p99 %1</source>
        <translation>p99 %1</translation>
    </message>
    <message>
        <source>%1 ops</source>
        <translation>%1 次操作</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephFsMetaTab</name>
    <message>
        <source>Metadata</source>
        <translation>元数据</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephFsParamsPage</name>
    <message>
        <source>as in the preset</source>
        <translation>同预设</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Metadata (many small files)</source>
        <translation>元数据（大量小文件）</translation>
    </message>
    <message>
        <source>Quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>How fast large and small blocks move: big sequential writes and reads (4 MB blocks, 4 threads, a 1 GB file each), then small random writes and reads (4 KB blocks, 16 threads), 30 s each.</source>
        <translation>大块和小块的传输速度：先做大块顺序写和读（4 MB 块，4 个线程，每个线程一个 1 GB 文件），再做小块随机写和读（4 KB 块，16 个线程），每项 30 秒。</translation>
    </message>
    <message>
        <source>How fast the metadata server handles files: 4 threads each create 2,000 empty files, look each one up, then delete them; files per second and latency per operation. Needs ClusterMark&apos;s own client (not fio).</source>
        <translation>元数据服务器处理文件的速度：4 个线程各创建 2,000 个空文件，逐个查询，然后删除；测每秒文件数和每次操作的延迟。需要 ClusterMark 自带的客户端（不能用 fio）。</translation>
    </message>
    <message>
        <source>A short look at everything: sequential write and read, small random reads (10 s each) and 4 × 500 small files created, looked up and deleted (the small-file part needs ClusterMark&apos;s own client).</source>
        <translation>全面快速测一遍：顺序写和读、小块随机读（每项 10 秒），以及创建、查询并删除 4 × 500 个小文件（小文件部分需要 ClusterMark 自带的客户端）。</translation>
    </message>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Pick a preset. Change single values under “Advanced” only if you need to.</source>
        <translation>请选择一个预设。仅在需要时才在“高级”中修改单项数值。</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <source>Workloads:</source>
        <translation>负载：</translation>
    </message>
    <message>
        <source>as in the preset (4M, 4k)</source>
        <translation>同预设（4M、4k）</translation>
    </message>
    <message>
        <source>as in the preset (1G, 256M)</source>
        <translation>同预设（1G、256M）</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Block size:</source>
        <translation>块大小：</translation>
    </message>
    <message>
        <source>Threads:</source>
        <translation>线程数：</translation>
    </message>
    <message>
        <source>File size per thread:</source>
        <translation>每线程文件大小：</translation>
    </message>
    <message>
        <source>Small files per thread:</source>
        <translation>每线程小文件数：</translation>
    </message>
    <message>
        <source>Runtime per test:</source>
        <translation>每项测试时长：</translation>
    </message>
    <message>
        <source>fio queue depth per thread:</source>
        <translation>每线程 fio 队列深度：</translation>
    </message>
    <message>
        <source>fio measures throughput only: choose ClusterMark&apos;s own client on the previous page for the metadata test.</source>
        <translation>fio 只测吞吐量：如需元数据测试，请在上一页选择 ClusterMark 自带的客户端。</translation>
    </message>
    <message>
        <source>The block size is a size like 4M or 64k.</source>
        <translation>块大小应为 4M 或 64k 这样的值。</translation>
    </message>
    <message>
        <source>The file size is a size like 1G or 256M.</source>
        <translation>文件大小应为 1G 或 256M 这样的值。</translation>
    </message>
    <message>
        <source>Tick at least one workload under “Advanced”.</source>
        <translation>请在“高级”中至少勾选一种负载。</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephFsReviewPage</name>
    <message>
        <source>the default file system</source>
        <translation>默认文件系统</translation>
    </message>
    <message>
        <source>file system “%1”</source>
        <translation>文件系统“%1”</translation>
    </message>
    <message>
        <source>this machine</source>
        <translation>本机</translation>
    </message>
    <message>
        <source>Created and removed: for each test a new folder %1&lt;random&gt; under “%2” in %3; it is removed with everything in it after the test (also after a cancel or an error). Nothing else in the file system is touched.</source>
        <translation>创建与删除：每项测试在 %3 的“%2”下新建文件夹 %1&lt;random&gt;；测试结束后（包括取消或出错后）连同其中所有内容一并删除。文件系统中的其他内容不受影响。</translation>
    </message>
    <message>
        <source>Client: ClusterMark&apos;s own libcephfs client on this machine, as client.%1.</source>
        <translation>客户端：本机上 ClusterMark 自带的 libcephfs 客户端，身份为 client.%1。</translation>
    </message>
    <message>
        <source>Mounted and unmounted: for each test %1 mounts %2 on %3 at a temporary folder /tmp/clustermark-cephfs-XXXXXX; it is unmounted and the folder removed afterwards.</source>
        <translation>挂载与卸载：每项测试由 %1 将 %2 挂载到 %3 上的临时文件夹 /tmp/clustermark-cephfs-XXXXXX；结束后卸载并删除该文件夹。</translation>
    </message>
    <message>
        <source>the kernel client</source>
        <translation>内核客户端</translation>
    </message>
    <message>
        <source>ceph-fuse</source>
        <translation>ceph-fuse</translation>
    </message>
    <message>
        <source>Uses the existing CephFS mount at %1 on %2 (left mounted).</source>
        <translation>使用 %2 上位于 %1 的现有 CephFS 挂载（保持挂载）。</translation>
    </message>
    <message>
        <source>CephFS · %1 (%2)</source>
        <translation>CephFS · %1（%2）</translation>
    </message>
</context>
<context>
    <name>cm::ui::CephFsTargetPage</name>
    <message>
        <source>CephFS target</source>
        <translation>CephFS 目标</translation>
    </message>
    <message>
        <source>Each test works in its own new folder (%1…) inside the chosen folder of the file system and removes it with everything in it afterwards. Nothing else is touched.</source>
        <translation>每项测试在文件系统所选文件夹内新建自己的文件夹（%1…），结束后连同其中所有内容一并删除。其他内容不受影响。</translation>
    </message>
    <message>
        <source>ClusterMark&apos;s own libcephfs client, on this machine (throughput and metadata)</source>
        <translation>ClusterMark 自带的 libcephfs 客户端，在本机上运行（吞吐量和元数据）</translation>
    </message>
    <message>
        <source>fio on a node over SSH, on a CephFS mount (throughput only)</source>
        <translation>通过 SSH 在节点的 CephFS 挂载上运行 fio（仅吞吐量）</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>引擎：</translation>
    </message>
    <message>
        <source>the cluster&apos;s default file system</source>
        <translation>集群的默认文件系统</translation>
    </message>
    <message>
        <source>File system:</source>
        <translation>文件系统：</translation>
    </message>
    <message>
        <source>An existing folder inside the file system; the test folders are made in it.</source>
        <translation>文件系统内的现有文件夹；测试文件夹将建在其中。</translation>
    </message>
    <message>
        <source>Folder inside the file system:</source>
        <translation>文件系统内的文件夹：</translation>
    </message>
    <message>
        <source>Node that runs fio:</source>
        <translation>运行 fio 的节点：</translation>
    </message>
    <message>
        <source>Use an existing CephFS mount on the node:</source>
        <translation>使用节点上现有的 CephFS 挂载：</translation>
    </message>
    <message>
        <source>Mount the file system for me with:</source>
        <translation>自动挂载文件系统，使用：</translation>
    </message>
    <message>
        <source>ceph-fuse</source>
        <translation>ceph-fuse</translation>
    </message>
    <message>
        <source>the kernel client (mount -t ceph)</source>
        <translation>内核客户端（mount -t ceph）</translation>
    </message>
    <message>
        <source>from ceph.conf</source>
        <translation>取自 ceph.conf</translation>
    </message>
    <message>
        <source>ceph.conf on the node:</source>
        <translation>节点上的 ceph.conf：</translation>
    </message>
    <message>
        <source>Keyring on the node:</source>
        <translation>节点上的 keyring：</translation>
    </message>
    <message>
        <source>Client name:</source>
        <translation>客户端名称：</translation>
    </message>
    <message>
        <source>I agree: mount the file system on the node for the run and unmount it afterwards</source>
        <translation>我同意：运行时在节点上挂载文件系统，结束后卸载</translation>
    </message>
    <message>
        <source>This machine (local)</source>
        <translation>本机（local）</translation>
    </message>
    <message>
        <source>the default file system</source>
        <translation>默认文件系统</translation>
    </message>
    <message>
        <source>file system “%1”</source>
        <translation>文件系统“%1”</translation>
    </message>
    <message>
        <source>For each test, ClusterMark makes a temporary folder /tmp/clustermark-cephfs-XXXXXX on %1, mounts %2 there with %3 (as root), runs fio in its own folder and then unmounts the file system and removes the temporary folder, also after a cancel or an error.</source>
        <translation>每项测试中，ClusterMark 在 %1 上创建临时文件夹 /tmp/clustermark-cephfs-XXXXXX，用 %3（以 root 身份）将 %2 挂载到该处，在自己的文件夹中运行 fio，然后卸载文件系统并删除临时文件夹；取消或出错后也会如此。</translation>
    </message>
    <message>
        <source>the node</source>
        <translation>该节点</translation>
    </message>
    <message>
        <source>The file system name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>文件系统名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>The folder inside the file system must start with / and have no . or .. parts.</source>
        <translation>文件系统内的文件夹必须以 / 开头，且不能包含 . 或 .. 部分。</translation>
    </message>
    <message>
        <source>Choose the node that runs fio.</source>
        <translation>请选择运行 fio 的节点。</translation>
    </message>
    <message>
        <source>The mount path is an absolute folder on the node where the CephFS is mounted.</source>
        <translation>挂载路径应为节点上挂载 CephFS 的绝对路径文件夹。</translation>
    </message>
    <message>
        <source>ceph.conf must be an absolute path on the node.</source>
        <translation>ceph.conf 必须是节点上的绝对路径。</translation>
    </message>
    <message>
        <source>The keyring must be an absolute path on the node.</source>
        <translation>keyring 必须是节点上的绝对路径。</translation>
    </message>
    <message>
        <source>The client name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>客户端名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>Tick the box to allow ClusterMark to mount the file system on the node (or use an existing mount).</source>
        <translation>请勾选以允许 ClusterMark 在节点上挂载文件系统（或使用现有挂载）。</translation>
    </message>
    <message>
        <source>Every ticked node runs the same test at the same moment, with its own mount and folder; the run adds their cluster total.</source>
        <translation>每个勾选的节点在同一时刻运行相同的测试，各自有自己的挂载和文件夹；本次运行会加上它们的集群总计。</translation>
    </message>
    <message>
        <source>Also at once on:</source>
        <translation>同时还在：</translation>
    </message>
    <message>
        <source>each chosen node</source>
        <translation>每个所选节点</translation>
    </message>
</context>
<context>
    <name>cm::ui::ChartExportDialog</name>
    <message>
        <source>Nodes and OSDs: every watched resource over time</source>
        <translation>节点与 OSD：随时间变化的每项受监视资源</translation>
    </message>
    <message>
        <source>Export chart — %1</source>
        <translation>导出图表 — %1</translation>
    </message>
    <message>
        <source> px</source>
        <translation> px</translation>
    </message>
    <message>
        <source>Size:</source>
        <translation>尺寸：</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source>PNG image</source>
        <translation>PNG 图片</translation>
    </message>
    <message>
        <source>SVG drawing</source>
        <translation>SVG 矢量图</translation>
    </message>
    <message>
        <source>Format:</source>
        <translation>格式：</translation>
    </message>
    <message>
        <source>Replace host names, IP and MAC addresses (node1, ip1, …)</source>
        <translation>替换主机名、IP 和 MAC 地址（node1、ip1、…）</translation>
    </message>
    <message>
        <source>Loading the run…</source>
        <translation>正在加载运行…</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>File:</source>
        <translation>文件：</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Cannot load: %1</source>
        <translation>无法加载：%1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Export chart</source>
        <translation>导出图表</translation>
    </message>
    <message>
        <source>SVG drawing (*.svg)</source>
        <translation>SVG 矢量图 (*.svg)</translation>
    </message>
    <message>
        <source>PNG image (*.png)</source>
        <translation>PNG 图片 (*.png)</translation>
    </message>
    <message>
        <source>Choose a file first.</source>
        <translation>请先选择文件。</translation>
    </message>
    <message>
        <source>no file chosen</source>
        <translation>未选择文件</translation>
    </message>
    <message>
        <source>Saving…</source>
        <translation>正在保存…</translation>
    </message>
    <message>
        <source>The run over time</source>
        <translation>本次运行随时间的变化</translation>
    </message>
    <message>
        <source>Scaling: the cluster total per number of clients</source>
        <translation>扩展：按客户端数量的集群总计</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
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
        <translation>local（本机）</translation>
    </message>
    <message>
        <source>Benchmark this…</source>
        <translation>测试此项…</translation>
    </message>
    <message>
        <source>Refresh inventory</source>
        <translation>刷新硬件信息</translation>
    </message>
    <message>
        <source>Remove node</source>
        <translation>移除节点</translation>
    </message>
    <message>
        <source>online</source>
        <translation>在线</translation>
    </message>
    <message>
        <source>swap</source>
        <translation>交换分区</translation>
    </message>
    <message>
        <source>%1 TB</source>
        <translation>%1 TB</translation>
    </message>
    <message>
        <source>%1 GB</source>
        <translation>%1 GB</translation>
    </message>
    <message>
        <source>%1 MB</source>
        <translation>%1 MB</translation>
    </message>
    <message>
        <source>%1 kB</source>
        <translation>%1 kB</translation>
    </message>
    <message numerus="yes">
        <source>%n CPU(s)</source>
        <translation>
            <numerusform>%n 个 CPU</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>MTU %1</source>
        <translation>MTU %1</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>属于 %1</translation>
    </message>
    <message>
        <source>Ceph (lab)</source>
        <translation>Ceph（实验集群）</translation>
    </message>
    <message>
        <source>Ceph</source>
        <translation>Ceph</translation>
    </message>
    <message>
        <source>not connected</source>
        <translation>未连接</translation>
    </message>
    <message>
        <source>Connect a cluster with &quot;Connect Ceph…&quot; in the toolbar or this item&apos;s menu.</source>
        <translation>请通过工具栏或此项右键菜单中的“连接 Ceph…”连接集群。</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>Right-click → Refresh Ceph to try again.</source>
        <translation>右键 → 刷新 Ceph 可重试。</translation>
    </message>
    <message>
        <source>no class</source>
        <translation>无设备类</translation>
    </message>
    <message>
        <source>up</source>
        <translation>up</translation>
    </message>
    <message>
        <source>down</source>
        <translation>down</translation>
    </message>
    <message>
        <source>in</source>
        <translation>in</translation>
    </message>
    <message>
        <source>out</source>
        <translation>out</translation>
    </message>
    <message>
        <source>%1 % used</source>
        <translation>已用 %1 %</translation>
    </message>
    <message>
        <source>weight %1</source>
        <translation>权重 %1</translation>
    </message>
    <message numerus="yes">
        <source>%n PG(s)</source>
        <translation>
            <numerusform>%n 个 PG</numerusform>
        </translation>
    </message>
    <message>
        <source>EC %1+%2</source>
        <translation>EC %1+%2</translation>
    </message>
    <message>
        <source>EC</source>
        <translation>EC</translation>
    </message>
    <message>
        <source>min_size %1</source>
        <translation>min_size %1</translation>
    </message>
    <message>
        <source>size %1/%2</source>
        <translation>size %1/%2</translation>
    </message>
    <message>
        <source>fsid %1
%2</source>
        <translation>fsid %1
%2</translation>
    </message>
    <message>
        <source>Health</source>
        <translation>健康状态</translation>
    </message>
    <message>
        <source>No health checks raised.</source>
        <translation>没有健康告警。</translation>
    </message>
    <message>
        <source>OSDs</source>
        <translation>OSD</translation>
    </message>
    <message>
        <source>%1 up, %2 in of %3</source>
        <translation>共 %3 个，%1 个 up，%2 个 in</translation>
    </message>
    <message>
        <source>(no host)</source>
        <translation>（无主机）</translation>
    </message>
    <message numerus="yes">
        <source>%n OSD(s)</source>
        <translation>
            <numerusform>%n 个 OSD</numerusform>
        </translation>
    </message>
    <message>
        <source>CRUSH host %1: right-click to add it as an SSH node</source>
        <translation>CRUSH 主机 %1：右键可将其添加为 SSH 节点</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>存储池</translation>
    </message>
    <message>
        <source>CephFS</source>
        <translation>CephFS</translation>
    </message>
    <message numerus="yes">
        <source>%n MDS active</source>
        <translation>
            <numerusform>%n 个 MDS 活跃</numerusform>
        </translation>
    </message>
    <message>
        <source>metadata %1 · data %2</source>
        <translation>元数据 %1 · 数据 %2</translation>
    </message>
    <message>
        <source>RGW</source>
        <translation>RGW</translation>
    </message>
    <message>
        <source>Partly read</source>
        <translation>仅部分读取</translation>
    </message>
    <message>
        <source>Add as node…</source>
        <translation>添加为节点…</translation>
    </message>
    <message>
        <source>Benchmark RBD in this pool…</source>
        <translation>测试此存储池中的 RBD…</translation>
    </message>
    <message>
        <source>Benchmark RADOS objects in this pool…</source>
        <translation>测试此存储池中的 RADOS 对象…</translation>
    </message>
    <message>
        <source>Measure this OSD&apos;s latency…</source>
        <translation>测量此 OSD 的延迟…</translation>
    </message>
    <message>
        <source>Measure per-OSD latency…</source>
        <translation>测量各 OSD 的延迟…</translation>
    </message>
    <message>
        <source>Refresh Ceph</source>
        <translation>刷新 Ceph</translation>
    </message>
    <message>
        <source>Clean leftovers…</source>
        <translation>清理残留…</translation>
    </message>
    <message>
        <source>Connect Ceph cluster…</source>
        <translation>连接 Ceph 集群…</translation>
    </message>
    <message>
        <source>Disconnect</source>
        <translation>断开连接</translation>
    </message>
    <message>
        <source>Retry connection</source>
        <translation>重试连接</translation>
    </message>
</context>
<context>
    <name>cm::ui::CompareBanner</name>
    <message>
        <source>The compared runs were not run with the same parameters: this is not a like-for-like comparison.</source>
        <translation>所比较的运行参数不同：这不是同等条件下的比较。</translation>
    </message>
    <message>
        <source>The compared runs were measured in different environments.</source>
        <translation>所比较的运行是在不同环境中测得的。</translation>
    </message>
    <message>
        <source>Some of the compared runs are incomplete.</source>
        <translation>部分所比较的运行不完整。</translation>
    </message>
    <message>
        <source>Parameters:</source>
        <translation>参数：</translation>
    </message>
    <message>
        <source>Environment:</source>
        <translation>环境：</translation>
    </message>
    <message>
        <source>Runs:</source>
        <translation>运行：</translation>
    </message>
    <message>
        <source>run %1 is %2</source>
        <translation>运行 %1：%2</translation>
    </message>
    <message>
        <source>has no status</source>
        <translation>无状态</translation>
    </message>
    <message>
        <source>%1 #%2 on %3: %4, in run %5</source>
        <translation>%1 #%2（%3）：%4，运行 %5</translation>
    </message>
</context>
<context>
    <name>cm::ui::CompareBarChart</name>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>No test of these runs has this figure.</source>
        <translation>这些运行中没有任何测试包含此指标。</translation>
    </message>
    <message>
        <source>%1 significant  %2 within noise  %3 no noise estimate — Welch&apos;s t-test over the repetitions, 95 %; whiskers ±1 standard deviation</source>
        <translation>%1 显著  %2 在噪声范围内  %3 无噪声估计 — 对重复运行做 Welch t 检验，95 %；误差线为 ±1 标准差</translation>
    </message>
</context>
<context>
    <name>cm::ui::CompareMarks</name>
    <message>
        <source>significant</source>
        <translation>显著</translation>
    </message>
    <message>
        <source>within noise</source>
        <translation>在噪声范围内</translation>
    </message>
    <message>
        <source>single run: no noise estimate</source>
        <translation>单次运行：无噪声估计</translation>
    </message>
    <message>
        <source>identical repetitions: no noise estimate</source>
        <translation>重复结果完全相同：无噪声估计</translation>
    </message>
    <message>
        <source>not in both runs</source>
        <translation>未同时出现在两次运行中</translation>
    </message>
    <message>
        <source>Welch&apos;s t-test not possible: %1</source>
        <translation>无法进行 Welch t 检验：%1</translation>
    </message>
    <message>
        <source>Welch&apos;s t-test, 95 % CI of the difference [%1, %2], p = %3</source>
        <translation>Welch t 检验，差值的 95 % 置信区间 [%1, %2]，p = %3</translation>
    </message>
    <message>
        <source>%1 (n = %2)</source>
        <translation>%1（n = %2）</translation>
    </message>
</context>
<context>
    <name>cm::ui::CompareModel</name>
    <message>
        <source>Read MB/s</source>
        <translation>读 MB/s</translation>
    </message>
    <message>
        <source>Read IOPS</source>
        <translation>读 IOPS</translation>
    </message>
    <message>
        <source>Read latency p50</source>
        <translation>读延迟 p50</translation>
    </message>
    <message>
        <source>Read latency p99</source>
        <translation>读延迟 p99</translation>
    </message>
    <message>
        <source>Write MB/s</source>
        <translation>写 MB/s</translation>
    </message>
    <message>
        <source>Write IOPS</source>
        <translation>写 IOPS</translation>
    </message>
    <message>
        <source>Write latency p50</source>
        <translation>写延迟 p50</translation>
    </message>
    <message>
        <source>Write latency p99</source>
        <translation>写延迟 p99</translation>
    </message>
    <message>
        <source>%1 on %2</source>
        <translation>%2 上的 %1</translation>
    </message>
    <message>
        <source>higher is better</source>
        <translation>越高越好</translation>
    </message>
    <message>
        <source>lower is better</source>
        <translation>越低越好</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Run %1 (baseline)</source>
        <translation>运行 %1（基准）</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>Change, run %1</source>
        <translation>变化，运行 %1</translation>
    </message>
    <message>
        <source>Significance, run %1</source>
        <translation>显著性，运行 %1</translation>
    </message>
    <message>
        <source>Welch&apos;s t-test, run %1</source>
        <translation>Welch t 检验，运行 %1</translation>
    </message>
</context>
<context>
    <name>cm::ui::CompareView</name>
    <message>
        <source>Select two or more runs under Results and choose Compare.</source>
        <translation>请在“结果”中选择两个或更多运行，然后选择“比较”。</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>延迟 p50</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>延迟 p99</translation>
    </message>
    <message>
        <source>Bars:</source>
        <translation>柱形：</translation>
    </message>
    <message>
        <source>Test:</source>
        <translation>测试：</translation>
    </message>
    <message>
        <source>Series:</source>
        <translation>系列：</translation>
    </message>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Forum post…</source>
        <translation>论坛帖子…</translation>
    </message>
    <message>
        <source>Bars per test</source>
        <translation>按测试的柱形图</translation>
    </message>
    <message>
        <source>Table</source>
        <translation>表格</translation>
    </message>
    <message>
        <source>Loading runs %1…</source>
        <translation>正在加载运行 %1…</translation>
    </message>
    <message>
        <source>The runs could not be compared: %1</source>
        <translation>无法比较这些运行：%1</translation>
    </message>
    <message>
        <source>Run %1 (baseline)</source>
        <translation>运行 %1（基准）</translation>
    </message>
    <message>
        <source>Run %1</source>
        <translation>运行 %1</translation>
    </message>
    <message>
        <source>&lt;b&gt;run %1&lt;/b&gt; %2 (%3, %4)</source>
        <translation>&lt;b&gt;运行 %1&lt;/b&gt; %2（%3，%4）</translation>
    </message>
    <message numerus="yes">
        <source>Comparing %1 against the baseline %2 · %n test(s)</source>
        <translation>
            <numerusform>将 %1 与基准 %2 比较 · %n 项测试</numerusform>
        </translation>
    </message>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
</context>
<context>
    <name>cm::ui::DeleteConfirmBox</name>
    <message>
        <source>Delete run</source>
        <translation>删除运行</translation>
    </message>
    <message>
        <source>Delete the run “%1” from the session “%2”?</source>
        <translation>从会话“%2”中删除运行“%1”？</translation>
    </message>
    <message>
        <source>This removes its step records (%1) with their raw tool output and %2 samples. It cannot be undone.</source>
        <translation>这将删除其步骤记录（%1）及其原始工具输出和 %2 个采样点。此操作无法撤销。</translation>
    </message>
    <message>
        <source>Delete session</source>
        <translation>删除会话</translation>
    </message>
    <message>
        <source>Delete the empty session “%1”?</source>
        <translation>删除空会话“%1”？</translation>
    </message>
    <message>
        <source>Delete the session “%1” and its run?</source>
        <translation>删除会话“%1”及其中的运行？</translation>
    </message>
    <message>
        <source>Delete the session “%1” and its %2 runs?</source>
        <translation>删除会话“%1”及其中的 %2 个运行？</translation>
    </message>
    <message>
        <source>It holds no runs. It cannot be undone.</source>
        <translation>其中没有运行。此操作无法撤销。</translation>
    </message>
    <message>
        <source>This removes the runs (%1) with their step records (%2), raw tool output and %3 samples. It cannot be undone.</source>
        <translation>这将删除这些运行（%1）及其步骤记录（%2）、原始工具输出和 %3 个采样点。此操作无法撤销。</translation>
    </message>
</context>
<context>
    <name>cm::ui::DiskParamsPage</name>
    <message>
        <source>Parameters</source>
        <translation>参数</translation>
    </message>
    <message>
        <source>Pick a preset. Change single values under “Advanced” only if you need to.</source>
        <translation>请选择一个预设。仅在需要时才在“高级”中修改单项数值。</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Runtime per test:</source>
        <translation>每项测试时长：</translation>
    </message>
    <message>
        <source>Jobs (threads) per test:</source>
        <translation>每项测试的作业（线程）数：</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Block size</source>
        <translation>块大小</translation>
    </message>
    <message>
        <source>Queue depth</source>
        <translation>队列深度</translation>
    </message>
    <message>
        <source>As saved: the run&apos;s own tests, unchanged</source>
        <translation>按原样：沿用该运行自己的测试，不做修改</translation>
    </message>
    <message>
        <source>The tests and parameters of the saved run</source>
        <translation>所保存运行的测试和参数</translation>
    </message>
    <message>
        <source>The tests and parameters of the saved run (from: %1)</source>
        <translation>所保存运行的测试和参数（来自：%1）</translation>
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
        <translation>请确认将写入什么内容，以及写入到哪里。</translation>
    </message>
    <message>
        <source>&lt;p style=&apos;color:#c62828&apos;&gt;&lt;b&gt;All data on %1 will be destroyed&lt;/b&gt; on: %2.&lt;/p&gt;&lt;p&gt;The write tests overwrite the device from its first sector. Partitions, filesystems, LVM and Ceph data on it are lost and cannot be recovered.&lt;/p&gt;</source>
        <translation>&lt;p style=&apos;color:#c62828&apos;&gt;&lt;b&gt;%1 上的所有数据都将被销毁&lt;/b&gt;，涉及节点：%2。&lt;/p&gt;&lt;p&gt;写入测试会从第一个扇区开始覆盖该设备。其上的分区、文件系统、LVM 和 Ceph 数据都会丢失，且无法恢复。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>Type the device path (%1) to confirm:</source>
        <translation>输入设备路径（%1）以确认：</translation>
    </message>
    <message>
        <source>&lt;p&gt;fio writes a test file &lt;b&gt;%1/%4&lt;/b&gt; of %2 on: %3.&lt;/p&gt;&lt;p&gt;Only that file is written; it is removed when the run ends. Nothing else in the folder is touched. Make sure the folder&apos;s filesystem has %2 free.&lt;/p&gt;</source>
        <translation>&lt;p&gt;fio 将在以下节点写入大小为 %2 的测试文件 &lt;b&gt;%1/%4&lt;/b&gt;：%3。&lt;/p&gt;&lt;p&gt;只会写入该文件，运行结束后即删除，文件夹中的其他内容不受影响。请确保该文件夹所在的文件系统至少有 %2 可用空间。&lt;/p&gt;</translation>
    </message>
    <message>
        <source>This plan cannot run: %1</source>
        <translation>此计划无法运行：%1</translation>
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
        <translation>fio 读写的位置。文件夹中的测试文件是安全的；裸设备上的数据会丢失。</translation>
    </message>
    <message>
        <source>A test file in a folder (recommended)</source>
        <translation>文件夹中的测试文件（推荐）</translation>
    </message>
    <message>
        <source>/srv/bench</source>
        <translation>/srv/bench</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Folder on each node:</source>
        <translation>各节点上的文件夹：</translation>
    </message>
    <message>
        <source>fio size: a number with K, M, G or T</source>
        <translation>fio 大小：数字加 K、M、G 或 T</translation>
    </message>
    <message>
        <source>File size:</source>
        <translation>文件大小：</translation>
    </message>
    <message>
        <source>The folder must exist: it is never created. The test file %1 is removed afterwards.</source>
        <translation>文件夹必须已存在（不会自动创建）。测试文件 %1 会在结束后删除。</translation>
    </message>
    <message>
        <source>A raw block device (destroys all data on it)</source>
        <translation>裸块设备（销毁其上所有数据）</translation>
    </message>
    <message>
        <source>Device:</source>
        <translation>设备：</translation>
    </message>
    <message>
        <source>&lt;b&gt;Warning:&lt;/b&gt; write tests overwrite the whole device. Every partition, filesystem and file on it is lost. Devices that are mounted, partitioned, in use or an OSD are refused.</source>
        <translation>&lt;b&gt;警告：&lt;/b&gt;写入测试会覆盖整个设备，其上所有分区、文件系统和文件都会丢失。已挂载、已分区、正在使用或作为 OSD 的设备将被拒绝。</translation>
    </message>
    <message>
        <source>Folder for the test file</source>
        <translation>测试文件所在的文件夹</translation>
    </message>
    <message>
        <source>Choose a folder.</source>
        <translation>请选择文件夹。</translation>
    </message>
    <message>
        <source>The folder must be an absolute path.</source>
        <translation>文件夹必须是绝对路径。</translation>
    </message>
    <message>
        <source>File size must be a number with an optional K, M, G or T suffix (e.g. 1G).</source>
        <translation>文件大小必须是数字，可带 K、M、G 或 T 后缀（如 1G）。</translation>
    </message>
    <message>
        <source>The folder %1 does not exist on this machine.</source>
        <translation>本机上不存在文件夹 %1。</translation>
    </message>
    <message>
        <source>Enter a device path such as /dev/sdb.</source>
        <translation>请输入设备路径，如 /dev/sdb。</translation>
    </message>
</context>
<context>
    <name>cm::ui::ErrorText</name>
    <message>
        <source>Not accepted</source>
        <translation>未被接受</translation>
    </message>
    <message>
        <source>Cannot be reached</source>
        <translation>无法连接</translation>
    </message>
    <message>
        <source>Access refused</source>
        <translation>访问被拒绝</translation>
    </message>
    <message>
        <source>Unknown host key</source>
        <translation>未知的主机密钥</translation>
    </message>
    <message>
        <source>The host key has changed</source>
        <translation>主机密钥已改变</translation>
    </message>
    <message>
        <source>Timed out</source>
        <translation>超时</translation>
    </message>
    <message>
        <source>A tool is missing</source>
        <translation>缺少工具</translation>
    </message>
    <message>
        <source>Not found</source>
        <translation>未找到</translation>
    </message>
    <message>
        <source>Refused for safety</source>
        <translation>出于安全原因被拒绝</translation>
    </message>
    <message>
        <source>A command failed</source>
        <translation>命令失败</translation>
    </message>
    <message>
        <source>Output could not be read</source>
        <translation>无法解析输出</translation>
    </message>
    <message>
        <source>Cancelled</source>
        <translation>已取消</translation>
    </message>
    <message>
        <source>Could not read or save</source>
        <translation>无法读取或保存</translation>
    </message>
    <message>
        <source>The keychain could not be used</source>
        <translation>无法使用密钥环</translation>
    </message>
    <message>
        <source>Internal error</source>
        <translation>内部错误</translation>
    </message>
    <message>
        <source>Error</source>
        <translation>错误</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <comment>headline: message</comment>
        <translation>%1：%2</translation>
    </message>
</context>
<context>
    <name>cm::ui::ExperimentController</name>
    <message>
        <source>Experiment “%1”: the runs start (%2 in all)</source>
        <translation>实验“%1”：开始运行（共 %2 次）</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>An experiment is running: stop it first.</source>
        <translation>有实验正在进行：请先停止它。</translation>
    </message>
    <message>
        <source>Experiment “%1”: checking every change on its node…</source>
        <translation>实验“%1”：正在各节点上检查每项更改…</translation>
    </message>
    <message>
        <source>baseline: every setting as it was</source>
        <translation>基线：所有设置保持原样</translation>
    </message>
    <message>
        <source>variant “%1” applied (%2)</source>
        <translation>已应用变体“%1”（%2）</translation>
    </message>
    <message>
        <source>Experiment “%1”, run %2 of %3: %4</source>
        <translation>实验“%1”，第 %2 次运行（共 %3 次）：%4</translation>
    </message>
    <message>
        <source>The experiment did not start: %1</source>
        <translation>实验未开始：%1</translation>
    </message>
    <message>
        <source>The experiment stopped: %1</source>
        <translation>实验已停止：%1</translation>
    </message>
</context>
<context>
    <name>cm::ui::ExperimentDialog</name>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>Measure “%1” as the nodes are (the baseline) and with each variant&apos;s changes, in turns. Every change is read first and put back afterwards, also after a cancel or an error.</source>
        <translation>轮流测量“%1”：节点原样（基线）以及应用各变体的更改后。每项更改都会先读取原值，之后恢复，取消或出错时也会恢复。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>更改</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Device, interface or key</source>
        <translation>设备、接口或键</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
    </message>
    <message>
        <source>Add change</source>
        <translation>添加更改</translation>
    </message>
    <message>
        <source>Remove</source>
        <translation>移除</translation>
    </message>
    <message>
        <source>Interleaved (A B B A …)</source>
        <translation>交错（A B B A …）</translation>
    </message>
    <message>
        <source>Random within each round</source>
        <translation>每轮内随机</translation>
    </message>
    <message>
        <source>One warm-up run first, not counted</source>
        <translation>先进行一次预热运行，不计入</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Repetitions of each:</source>
        <translation>每项重复次数：</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>顺序：</translation>
    </message>
    <message>
        <source>Network changes undo themselves after:</source>
        <translation>网络更改自动撤销时间：</translation>
    </message>
    <message>
        <source>Run experiment</source>
        <translation>运行实验</translation>
    </message>
    <message>
        <source>variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>A field of the plan</source>
        <translation>计划中的字段</translation>
    </message>
    <message>
        <source>Change %1: %2</source>
        <translation>更改 %1：%2</translation>
    </message>
    <message>
        <source>name its variant (not “baseline”: that is the nodes as they are)</source>
        <translation>请为其变体命名（不能是“baseline”：那是节点原样）</translation>
    </message>
    <message>
        <source>give the value it should have</source>
        <translation>请给出它应有的值</translation>
    </message>
    <message>
        <source>name the plan&apos;s field (for example cache)</source>
        <translation>请写出计划的字段名（例如 cache）</translation>
    </message>
    <message>
        <source>Add the change to measure.</source>
        <translation>请添加要测量的更改。</translation>
    </message>
    <message>
        <source>%1: %2; afterwards the old value is set again, or the option removed if it was not set</source>
        <translation>%1：%2；之后重新设置旧值，若原先未设置则移除该选项</translation>
    </message>
    <message>
        <source>the one the run uses</source>
        <translation>运行所用的那个</translation>
    </message>
    <message>
        <source>the drive&apos;s own cache through hdparm -W (ATA), sdparm WCE (SCSI) or nvme set-feature (NVMe); elsewhere only the kernel&apos;s flag: %1</source>
        <translation>通过 hdparm -W（ATA）、sdparm WCE（SCSI）或 nvme set-feature（NVMe）更改硬盘自身缓存；其他情况仅更改内核标志：%1</translation>
    </message>
    <message>
        <source>%1: %2 on %3 → %4 (%5); afterwards the value read before is written back</source>
        <translation>%1：%3 上的%2 → %4（%5）；之后写回先前读取的值</translation>
    </message>
    <message>
        <source>— %1 puts it back by itself after %2 s unless the app reaches it again</source>
        <translation>— 若应用未能再次连接，%1 会在 %2 秒后自行恢复</translation>
    </message>
    <message>
        <source>— checked with a ping of %1 bytes that may not be fragmented</source>
        <translation>— 用 %1 字节、不允许分片的 ping 检查</translation>
    </message>
    <message>
        <source>warm-up</source>
        <translation>预热</translation>
    </message>
    <message>
        <source>Runs, in this order (%1 in all): %2</source>
        <translation>运行顺序（共 %1 次）：%2</translation>
    </message>
    <message>
        <source>baseline (as the nodes are)</source>
        <translation>基线（节点原样）</translation>
    </message>
    <message>
        <source>Before the first run, every change is checked on its node: the privilege (root, or sudo without a password), the current value, and that the run uses the device or interface.</source>
        <translation>首次运行前，会在各节点上检查每项更改：权限（root，或无需密码的 sudo）、当前值，以及运行是否使用该设备或接口。</translation>
    </message>
    <message>
        <source>Variant “%1”:</source>
        <translation>变体“%1”：</translation>
    </message>
    <message>
        <source>the plan&apos;s %1 = %2</source>
        <translation>计划的 %1 = %2</translation>
    </message>
    <message>
        <source>Leave the device or interface empty for the one the run uses on that node. A Ceph option is written section/name (client/rbd_cache), an OSD flag by its name (noscrub); a field of the plan by its key (cache, endpoint).</source>
        <translation>设备或接口留空即使用该节点上运行所用的那个。Ceph 选项写作 段/名称（client/rbd_cache），OSD 标志写其名称（noscrub）；计划字段写其键名（cache、endpoint）。</translation>
    </message>
    <message>
        <source>%1: %2; afterwards the flag is put back as it was</source>
        <translation>%1：%2；之后将该标志恢复原状</translation>
    </message>
</context>
<context>
    <name>cm::ui::ExperimentResultsDialog</name>
    <message>
        <source>Experiment results</source>
        <translation>实验结果</translation>
    </message>
    <message>
        <source>Loading…</source>
        <translation>正在加载…</translation>
    </message>
    <message>
        <source>Save chart…</source>
        <translation>保存图表…</translation>
    </message>
    <message>
        <source>Copy Markdown</source>
        <translation>复制 Markdown</translation>
    </message>
    <message>
        <source>Copy BBCode</source>
        <translation>复制 BBCode</translation>
    </message>
    <message>
        <source>The experiment cannot be shown: %1</source>
        <translation>无法显示该实验：%1</translation>
    </message>
    <message>
        <source>baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>“%1” (%2): %3</source>
        <translation>“%1”（%2）：%3</translation>
    </message>
    <message>
        <source>No run was counted: nothing to draw.</source>
        <translation>没有计入的运行：无可绘制内容。</translation>
    </message>
    <message>
        <source>Save chart</source>
        <translation>保存图表</translation>
    </message>
    <message>
        <source>PNG (*.png);;SVG (*.svg)</source>
        <translation>PNG (*.png);;SVG (*.svg)</translation>
    </message>
    <message>
        <source>The chart was not saved: %1</source>
        <translation>图表未保存：%1</translation>
    </message>
    <message>
        <source>Test</source>
        <translation>测试</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Figure</source>
        <translation>指标</translation>
    </message>
    <message>
        <source>Variant</source>
        <translation>变体</translation>
    </message>
    <message>
        <source>Baseline</source>
        <translation>基线</translation>
    </message>
    <message>
        <source>Variant mean</source>
        <translation>变体均值</translation>
    </message>
    <message>
        <source>Change</source>
        <translation>变化</translation>
    </message>
    <message>
        <source>95 % CI</source>
        <translation>95 % 置信区间</translation>
    </message>
    <message>
        <source>Noise</source>
        <translation>噪声</translation>
    </message>
    <message>
        <source>Verdict</source>
        <translation>结论</translation>
    </message>
    <message>
        <source>better</source>
        <translation>更好</translation>
    </message>
    <message>
        <source>worse</source>
        <translation>更差</translation>
    </message>
    <message>
        <source>no difference beyond noise</source>
        <translation>无超出噪声的差异</translation>
    </message>
    <message>
        <source>not tested</source>
        <translation>未检验</translation>
    </message>
</context>
<context>
    <name>cm::ui::FigureCard</name>
    <message>
        <source>CPU busy</source>
        <translation>CPU 占用</translation>
    </message>
    <message>
        <source>now</source>
        <translation>当前</translation>
    </message>
    <message>
        <source>Throughput</source>
        <translation>吞吐量</translation>
    </message>
    <message>
        <source>Creates/s</source>
        <translation>创建/秒</translation>
    </message>
    <message>
        <source>Stats/s</source>
        <translation>Stat/秒</translation>
    </message>
    <message>
        <source>Deletes/s</source>
        <translation>删除/秒</translation>
    </message>
    <message>
        <source>Create p99</source>
        <translation>创建 p99</translation>
    </message>
    <message>
        <source>Stat p99</source>
        <translation>Stat p99</translation>
    </message>
    <message>
        <source>Delete p99</source>
        <translation>删除 p99</translation>
    </message>
    <message>
        <source>Failed req./s</source>
        <translation>失败请求/秒</translation>
    </message>
    <message>
        <source>step</source>
        <translation>本步</translation>
    </message>
    <message>
        <source>The step so far: the mean of rates; a latency percentile of all the step&apos;s I/Os (never an average of the intervals&apos; percentiles), as its results will show it.</source>
        <translation>本步至今：速率取平均值；延迟百分位取本步全部 I/O 的百分位（绝不是各区间百分位的平均值），与结果中显示的一致。</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>%1 p50</source>
        <translation>%1 p50</translation>
    </message>
    <message>
        <source>%1 p99</source>
        <translation>%1 p99</translation>
    </message>
</context>
<context>
    <name>cm::ui::ForumComposerDialog</name>
    <message>
        <source>Forum post — %1</source>
        <translation>论坛帖子 — %1</translation>
    </message>
    <message>
        <source>Bars per test with the % change</source>
        <translation>按测试的柱形图及变化百分比</translation>
    </message>
    <message>
        <source>Throughput, IOPS and latency over time</source>
        <translation>吞吐量、IOPS 和延迟随时间的变化</translation>
    </message>
    <message>
        <source>No chart</source>
        <translation>不含图表</translation>
    </message>
    <message>
        <source>Chart:</source>
        <translation>图表：</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Theme:</source>
        <translation>主题：</translation>
    </message>
    <message>
        <source>BBCode (Discuz and most forums)</source>
        <translation>BBCode（Discuz 及大多数论坛）</translation>
    </message>
    <message>
        <source>Markdown</source>
        <translation>Markdown</translation>
    </message>
    <message>
        <source>Table:</source>
        <translation>表格：</translation>
    </message>
    <message>
        <source>Replace host names, IP and MAC addresses</source>
        <translation>替换主机名、IP 和 MAC 地址</translation>
    </message>
    <message>
        <source>Title:</source>
        <translation>标题：</translation>
    </message>
    <message>
        <source>What you changed and what you found</source>
        <translation>你改了什么，发现了什么</translation>
    </message>
    <message>
        <source>Summary:</source>
        <translation>摘要：</translation>
    </message>
    <message>
        <source>Loading the run…</source>
        <translation>正在加载运行…</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>Save to folder:</source>
        <translation>保存到文件夹：</translation>
    </message>
    <message>
        <source>Copy to clipboard</source>
        <translation>复制到剪贴板</translation>
    </message>
    <message>
        <source>Save image and text</source>
        <translation>保存图片和文本</translation>
    </message>
    <message>
        <source>Save the post into</source>
        <translation>选择帖子的保存位置</translation>
    </message>
    <message>
        <source>Cannot load: %1</source>
        <translation>无法加载：%1</translation>
    </message>
    <message>
        <source>Not saved: %1</source>
        <translation>未保存：%1</translation>
    </message>
    <message>
        <source>Saved %1</source>
        <translation>已保存 %1</translation>
    </message>
    <message>
        <source>Copied the post and the chart image: paste the text, upload the image as %1.</source>
        <translation>已复制帖子和图表图片：粘贴文本，并将图片作为 %1 上传。</translation>
    </message>
    <message>
        <source>Copied the post.</source>
        <translation>已复制帖子。</translation>
    </message>
    <message>
        <source>The folder does not exist: %1</source>
        <translation>文件夹不存在：%1</translation>
    </message>
    <message>
        <source>no such folder</source>
        <translation>文件夹不存在</translation>
    </message>
</context>
<context>
    <name>cm::ui::KindPage</name>
    <message>
        <source>What do you want to measure?</source>
        <translation>你想测量什么？</translation>
    </message>
    <message>
        <source>Each kind of benchmark has its own targets, presets and safety rules.</source>
        <translation>每种测试都有各自的目标、预设和安全规则。</translation>
    </message>
</context>
<context>
    <name>cm::ui::KnobRestoreDialog</name>
    <message>
        <source>Settings left changed</source>
        <translation>有设置未恢复</translation>
    </message>
    <message>
        <source>An experiment that did not finish left these settings changed on your nodes. Put back the values they had before?</source>
        <translation>一个未完成的实验在你的节点上留下了这些被修改的设置。要恢复它们原来的值吗？</translation>
    </message>
    <message>
        <source>%1: %2 on %3 is %4, was %5 (since %6)</source>
        <translation>%1：%3 上的 %2 现为 %4，原为 %5（自 %6 起）</translation>
    </message>
    <message>
        <source>Restore now</source>
        <translation>立即恢复</translation>
    </message>
    <message>
        <source>Later</source>
        <translation>稍后</translation>
    </message>
    <message>
        <source>Restoring…</source>
        <translation>正在恢复…</translation>
    </message>
    <message numerus="yes">
        <source>Restored %n setting(s).</source>
        <translation>
            <numerusform>已恢复 %n 项设置。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not restored: %1. Check the node and try again, or run clustermark-cli restore.</source>
        <translation>未恢复：%1。请检查节点后重试，或运行 clustermark-cli restore。</translation>
    </message>
    <message>
        <source>not set</source>
        <translation>未设置</translation>
    </message>
</context>
<context>
    <name>cm::ui::LeftoversDialog</name>
    <message>
        <source>Clean leftovers</source>
        <translation>清理残留</translation>
    </message>
    <message>
        <source>Benchmarks name everything they create %1…: temporary pools, RBD images and RADOS objects. They are removed after every run; after a crash some may remain. Only names with exactly that prefix are listed and removed, nothing else.</source>
        <translation>测试创建的所有内容都以 %1… 命名：临时存储池、RBD 镜像和 RADOS 对象。它们会在每次运行后删除；若程序崩溃，可能会有残留。这里只列出并删除名称恰好带有该前缀的项，不会触及其他任何内容。</translation>
    </message>
    <message>
        <source>Remove ticked</source>
        <translation>删除已勾选项</translation>
    </message>
    <message>
        <source>Scan again</source>
        <translation>重新扫描</translation>
    </message>
    <message>
        <source>Looking for leftovers…</source>
        <translation>正在查找残留…</translation>
    </message>
    <message numerus="yes">
        <source>Removing %n item(s)…</source>
        <translation>
            <numerusform>正在删除 %n 项…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>Removed %n item(s).</source>
        <translation>
            <numerusform>已删除 %n 项。</numerusform>
        </translation>
    </message>
    <message>
        <source>Not removed: %1 (%2)</source>
        <translation>未删除：%1（%2）</translation>
    </message>
    <message>
        <source>Scan failed: %1</source>
        <translation>扫描失败：%1</translation>
    </message>
    <message>
        <source>Nothing left behind: the cluster holds no %1… pool, image or object.</source>
        <translation>没有残留：集群中没有以 %1… 开头的存储池、镜像或对象。</translation>
    </message>
    <message numerus="yes">
        <source>%n leftover(s) found.</source>
        <translation>
            <numerusform>找到 %n 项残留。</numerusform>
        </translation>
    </message>
    <message>
        <source>On S3 (%1) the same goes for buckets: they are emptied, unfinished uploads aborted, and removed.</source>
        <translation>在 S3（%1）上，bucket 同样如此：先清空、中止未完成的上传，再删除。</translation>
    </message>
    <message>
        <source>Nothing left behind: no %1… pool, image, object or bucket.</source>
        <translation>没有残留：没有以 %1… 开头的存储池、镜像、对象或 bucket。</translation>
    </message>
</context>
<context>
    <name>cm::ui::LinkChart</name>
    <message>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>Per-link traffic</source>
        <translation>各链路流量</translation>
    </message>
    <message>
        <source>Gbit/s</source>
        <translation>Gbit/s</translation>
    </message>
    <message>
        <source>%1 %2 %3</source>
        <translation>%1 %2 %3</translation>
    </message>
    <message>
        <source>TX</source>
        <translation>TX</translation>
    </message>
    <message>
        <source>RX</source>
        <translation>RX</translation>
    </message>
    <message>
        <source>%1 all links %2</source>
        <translation>%1 所有链路 %2</translation>
    </message>
    <message>
        <source>all links</source>
        <translation>所有链路</translation>
    </message>
    <message>
        <source>%1 nominal: %2</source>
        <translation>%1 标称：%2</translation>
    </message>
    <message>
        <source>Mbit/s</source>
        <translation>Mbit/s</translation>
    </message>
</context>
<context>
    <name>cm::ui::LiveChart</name>
    <message>
        <source>%1 (%2 lines, coloured as the cards; hover a line for its name)</source>
        <translation>%1（%2 条曲线，颜色与卡片一致；悬停可查看名称）</translation>
    </message>
</context>
<context>
    <name>cm::ui::LiveDashboard</name>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>Nodes &amp;&amp; OSDs</source>
        <translation>节点与 OSD</translation>
    </message>
    <message>
        <source>Limiting now: %1</source>
        <translation>当前瓶颈：%1</translation>
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
        <translation>尚无运行</translation>
    </message>
    <message>
        <source>Plan a benchmark with “New plan”.</source>
        <translation>请用“新建计划”规划一次测试。</translation>
    </message>
    <message numerus="yes">
        <source>Starting (%n step(s))…</source>
        <translation>
            <numerusform>正在启动（%n 个步骤）…</numerusform>
        </translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Step %1/%2: %3</source>
        <translation>步骤 %1/%2：%3</translation>
    </message>
    <message>
        <source>Elapsed %1</source>
        <translation>已用时 %1</translation>
    </message>
    <message>
        <source>ETA %1</source>
        <translation>预计剩余 %1</translation>
    </message>
    <message>
        <source>ETA unknown</source>
        <translation>剩余时间未知</translation>
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
    <message>
        <source>Ceph: %1</source>
        <translation>Ceph：%1</translation>
    </message>
    <message>
        <source>finishing…</source>
        <translation>即将完成…</translation>
    </message>
    <message>
        <source>Setting up…</source>
        <translation>准备中…</translation>
    </message>
    <message>
        <source>Measuring</source>
        <translation>测量中</translation>
    </message>
    <message>
        <source>The step prepares what it measures (an image prefilled, objects written before reading, a file system mounted, the tools started) and has no figures yet.</source>
        <translation>此步骤正在准备被测对象（预填充镜像、读取前写入对象、挂载文件系统、启动工具），尚无数据。</translation>
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
        <translation>步骤 %1/%2：%3</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>The run could not start</source>
        <translation>运行无法启动</translation>
    </message>
    <message>
        <source>Main</source>
        <translation>主工具栏</translation>
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
        <translation>Ctrl+Shift+N</translation>
    </message>
    <message>
        <source>Ctrl+R</source>
        <translation>Ctrl+R</translation>
    </message>
    <message>
        <source>Ctrl+.</source>
        <translation>Ctrl+.</translation>
    </message>
    <message>
        <source>connecting…</source>
        <translation>正在连接…</translation>
    </message>
    <message>
        <source>A run is in progress</source>
        <translation>有运行正在进行</translation>
    </message>
    <message>
        <source>Stop the current run before starting another one.</source>
        <translation>请先停止当前运行，再开始新的运行。</translation>
    </message>
    <message>
        <source>Run %1 %2; saved under Results.</source>
        <translation>运行 %1 结束（%2），已保存到“结果”。</translation>
    </message>
    <message numerus="yes">
        <source>%1 of %n node(s) online</source>
        <translation>
            <numerusform>%n 个节点中 %1 个在线</numerusform>
        </translation>
    </message>
    <message>
        <source>Starting the run…</source>
        <translation>正在启动运行…</translation>
    </message>
    <message>
        <source>Running</source>
        <translation>运行中</translation>
    </message>
    <message>
        <source>Running %1</source>
        <translation>正在运行 %1</translation>
    </message>
    <message numerus="yes">
        <source>Reading the inventory of %n node(s)…</source>
        <translation>
            <numerusform>正在读取 %n 个节点的硬件信息…</numerusform>
        </translation>
    </message>
    <message>
        <source>Idle</source>
        <translation>空闲</translation>
    </message>
    <message>
        <source>The secret could not be saved in the keychain: %1</source>
        <translation>无法将密钥保存到系统密钥库：%1</translation>
    </message>
    <message>
        <source>Sessions</source>
        <translation>会话</translation>
    </message>
    <message>
        <source>Compare</source>
        <translation>比较</translation>
    </message>
    <message>
        <source>Imported %1 as run %2</source>
        <translation>已将 %1 导入为运行 %2</translation>
    </message>
    <message>
        <source>%1 was not imported</source>
        <translation>%1 未导入</translation>
    </message>
    <message>
        <source>Connect Ceph…</source>
        <translation>连接 Ceph…</translation>
    </message>
    <message>
        <source>Connect a Ceph cluster (ceph.conf and keyring, or a local lab)</source>
        <translation>连接 Ceph 集群（ceph.conf 和 keyring，或本地实验集群）</translation>
    </message>
    <message>
        <source>Clean leftovers only when no benchmark is running.</source>
        <translation>请仅在没有测试运行时清理残留。</translation>
    </message>
    <message>
        <source>Reading the Ceph cluster…</source>
        <translation>正在读取 Ceph 集群…</translation>
    </message>
    <message>
        <source>unreachable</source>
        <translation>无法访问</translation>
    </message>
    <message>
        <source>%1 · %2</source>
        <translation>%1 · %2</translation>
    </message>
    <message>
        <source>Ceph: %1</source>
        <translation>Ceph：%1</translation>
    </message>
    <message>
        <source>fsid %1</source>
        <translation>fsid %1</translation>
    </message>
    <message>
        <source>Run again…</source>
        <translation>再次运行…</translation>
    </message>
    <message>
        <source>Run the run selected in Results again, after showing its plan</source>
        <translation>再次运行在“结果”中选中的运行，先显示其计划</translation>
    </message>
    <message>
        <source>Select a run in Results first.</source>
        <translation>请先在“结果”中选择一个运行。</translation>
    </message>
    <message>
        <source>Appearance</source>
        <translation>外观</translation>
    </message>
    <message>
        <source>System</source>
        <translation>跟随系统</translation>
    </message>
    <message>
        <source>Light</source>
        <translation>浅色</translation>
    </message>
    <message>
        <source>Dark</source>
        <translation>深色</translation>
    </message>
    <message>
        <source>Experiment…</source>
        <translation>实验…</translation>
    </message>
    <message>
        <source>Measure the plan of the run selected in Results with and without a change, in turns, with a verdict beyond noise</source>
        <translation>轮流测量“结果”中所选运行的计划（应用与不应用更改），并给出超出噪声的结论</translation>
    </message>
    <message>
        <source>Plan for the experiment</source>
        <translation>实验所用的计划</translation>
    </message>
    <message>
        <source>Plans (*.json);;All files (*)</source>
        <translation>计划 (*.json);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Experiment</source>
        <translation>实验</translation>
    </message>
    <message>
        <source>This plan cannot be used: %1</source>
        <translation>无法使用此计划：%1</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetFindingsPanel</name>
    <message>
        <source>The test did not finish (%1).</source>
        <translation>测试未完成（%1）。</translation>
    </message>
    <message>
        <source>The test failed: %1</source>
        <translation>测试失败：%1</translation>
    </message>
    <message>
        <source>Tool: %1</source>
        <translation>工具：%1</translation>
    </message>
    <message>
        <source>No network results in this run.</source>
        <translation>此运行中没有网络结果。</translation>
    </message>
    <message>
        <source>&lt;b&gt;No problems found.&lt;/b&gt;</source>
        <translation>&lt;b&gt;未发现问题。&lt;/b&gt;</translation>
    </message>
    <message>
        <source>&lt;b&gt;%1, %2&lt;/b&gt;</source>
        <translation>&lt;b&gt;%1，%2&lt;/b&gt;</translation>
    </message>
    <message numerus="yes">
        <source>%n problem(s)</source>
        <translation>
            <numerusform>%n 个问题</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n warning(s)</source>
        <translation>
            <numerusform>%n 个警告</numerusform>
        </translation>
    </message>
    <message>
        <source>Problem</source>
        <translation>问题</translation>
    </message>
    <message>
        <source>Warning</source>
        <translation>警告</translation>
    </message>
    <message>
        <source>Information</source>
        <translation>信息</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetFindingsTab</name>
    <message>
        <source>Findings</source>
        <translation>诊断结果</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetMatrix</name>
    <message>
        <source>no figure for this direction</source>
        <translation>此方向无数据</translation>
    </message>
    <message>
        <source>step %1</source>
        <translation>步骤 %1</translation>
    </message>
    <message>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>%1 kbit/s</source>
        <translation>%1 kbit/s</translation>
    </message>
    <message>
        <source>not measured</source>
        <translation>未测量</translation>
    </message>
    <message>
        <source>failed</source>
        <translation>失败</translation>
    </message>
    <message>
        <source> (mean of %1 runs)</source>
        <translation>（%1 次运行的平均值）</translation>
    </message>
    <message>
        <source>, while the other direction ran too</source>
        <translation>，测量时反方向也在运行</translation>
    </message>
    <message>
        <source>TCP retransmits: %1</source>
        <translation>TCP 重传：%1</translation>
    </message>
    <message>
        <source>TCP retransmits: not reported by the tool</source>
        <translation>TCP 重传：工具未报告</translation>
    </message>
    <message>
        <source>CPU: sender %1, receiver %2</source>
        <translation>CPU：发送端 %1，接收端 %2</translation>
    </message>
    <message>
        <source>CPU: not reported by the tool</source>
        <translation>CPU：工具未报告</translation>
    </message>
    <message numerus="yes">
        <source>%n stream(s)</source>
        <translation>
            <numerusform>%n 个流</numerusform>
        </translation>
    </message>
    <message>
        <source>Failed:</source>
        <translation>失败：</translation>
    </message>
    <message>
        <source>failed (hover for the reason)</source>
        <translation>失败（悬停查看原因）</translation>
    </message>
    <message>
        <source>Colour: share of the best pair (%1)</source>
        <translation>颜色：相对最佳节点对（%1）的比例</translation>
    </message>
    <message>
        <source>No network results in this run.</source>
        <translation>此运行中没有网络结果。</translation>
    </message>
    <message>
        <source>receiver →</source>
        <translation>接收端 →</translation>
    </message>
    <message>
        <source>sender ↓</source>
        <translation>发送端 ↓</translation>
    </message>
    <message>
        <source>%1 retr</source>
        <translation>重传 %1</translation>
    </message>
    <message>
        <source>%1 failed</source>
        <translation>%1 失败</translation>
    </message>
    <message>
        <source>every pair at once</source>
        <translation>所有节点对同时</translation>
    </message>
    <message>
        <source>no figure for this pair</source>
        <translation>此节点对没有数值</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetMatrixTab</name>
    <message>
        <source>Throughput matrix</source>
        <translation>吞吐量矩阵</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetNodesPage</name>
    <message>
        <source>local (this machine)</source>
        <translation>local（本机）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Network: nodes</source>
        <translation>网络：节点</translation>
    </message>
    <message>
        <source>iperf between nodes, one pair at a time, while every interface&apos;s traffic is sampled on both ends.</source>
        <translation>在节点间运行 iperf，每次一对，同时在两端采样每个网络接口的流量。</translation>
    </message>
    <message>
        <source>Pair: two nodes</source>
        <translation>成对：两个节点</translation>
    </message>
    <message>
        <source>Star: one node with each of the others</source>
        <translation>星形：一个节点分别与其他每个节点</translation>
    </message>
    <message>
        <source>Mesh: every ordered pair (a matrix)</source>
        <translation>网状：所有有序节点对（矩阵）</translation>
    </message>
    <message>
        <source>Layout:</source>
        <translation>拓扑：</translation>
    </message>
    <message>
        <source>Centre / client:</source>
        <translation>中心 / 客户端：</translation>
    </message>
    <message>
        <source>runs the iperf server; the others connect to it</source>
        <translation>运行 iperf 服务端；其他节点连接到它</translation>
    </message>
    <message>
        <source>is the client of every pair</source>
        <translation>作为每一对的客户端</translation>
    </message>
    <message>
        <source>The centre:</source>
        <translation>中心节点：</translation>
    </message>
    <message>
        <source>the server node&apos;s address (default); or e.g. its storage-network address</source>
        <translation>服务端节点的地址（默认）；也可填其存储网络地址等</translation>
    </message>
    <message>
        <source>Client dials:</source>
        <translation>客户端连接地址：</translation>
    </message>
    <message>
        <source>Tick two nodes. The client sends (forward), receives (reverse) or both; pick which one is the client.</source>
        <translation>勾选两个节点。客户端发送（正向）、接收（反向）或同时收发；请选择哪个节点作为客户端。</translation>
    </message>
    <message>
        <source>Tick three or more nodes. The centre is measured with each other node in turn: e.g. every node against the storage node.</source>
        <translation>勾选三个或更多节点。中心节点依次与其他每个节点进行测量，例如每个节点对存储节点。</translation>
    </message>
    <message>
        <source>Tick three or more nodes. Every node sends to every other node in turn, one pair at a time; the results form a sender × receiver matrix.</source>
        <translation>勾选三个或更多节点。每个节点依次向其他每个节点发送，每次一对；结果构成“发送端 × 接收端”矩阵。</translation>
    </message>
    <message>
        <source>Client:</source>
        <translation>客户端：</translation>
    </message>
    <message>
        <source>Centre:</source>
        <translation>中心：</translation>
    </message>
    <message>
        <source>A pair takes exactly two nodes (%1 ticked).</source>
        <translation>成对拓扑需要恰好两个节点（已勾选 %1 个）。</translation>
    </message>
    <message>
        <source>With two nodes, use the pair layout (or tick a third node).</source>
        <translation>只有两个节点时，请使用成对拓扑（或再勾选一个节点）。</translation>
    </message>
    <message>
        <source>Tick at least three nodes (%1 ticked).</source>
        <translation>请至少勾选三个节点（已勾选 %1 个）。</translation>
    </message>
    <message>
        <source>“%1” is not a host name or address.</source>
        <translation>“%1”不是有效的主机名或地址。</translation>
    </message>
    <message>
        <source>Add node…</source>
        <translation>添加节点…</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetParamsPage</name>
    <message>
        <source>Network: parameters</source>
        <translation>网络：参数</translation>
    </message>
    <message>
        <source>Several parallel TCP streams are needed to use more than one link of a bond.</source>
        <translation>需要多个并行 TCP 流才能用上 bond 中的多条链路。</translation>
    </message>
    <message>
        <source>Forward: the client sends</source>
        <translation>正向：客户端发送</translation>
    </message>
    <message>
        <source>Reverse: the server sends (-R)</source>
        <translation>反向：服务端发送 (-R)</translation>
    </message>
    <message>
        <source>Both at once (bidirectional)</source>
        <translation>同时双向</translation>
    </message>
    <message>
        <source>Direction:</source>
        <translation>方向：</translation>
    </message>
    <message>
        <source>Parallel streams (-P):</source>
        <translation>并行流数 (-P)：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Duration per pair:</source>
        <translation>每对时长：</translation>
    </message>
    <message>
        <source>Automatic (iperf3; iperf 2 where iperf3 cannot fill the link)</source>
        <translation>自动（iperf3；iperf3 跑不满链路时用 iperf 2）</translation>
    </message>
    <message>
        <source>iperf3</source>
        <translation>iperf3</translation>
    </message>
    <message>
        <source>iperf 2</source>
        <translation>iperf 2</translation>
    </message>
    <message>
        <source>Tool:</source>
        <translation>工具：</translation>
    </message>
    <message>
        <source>One stream is one TCP flow: a bond sends it over a single link, whatever its hash policy.</source>
        <translation>一个流就是一条 TCP 连接：无论哈希策略如何，bond 都只会通过一条链路发送它。</translation>
    </message>
    <message>
        <source>Automatic: iperf3 before 3.16 runs on one CPU core and cannot fill links above about 25 Gbit/s; then iperf 2 is used when both nodes have it. The choice and its reason are recorded with the results.</source>
        <translation>自动：3.16 之前的 iperf3 只用一个 CPU 核心，跑不满约 25 Gbit/s 以上的链路；此时若两端节点都装有 iperf 2，则改用 iperf 2。所选工具及原因会随结果一起记录。</translation>
    </message>
    <message>
        <source>Mesh with both directions: one step per node pair measures both ways at once.</source>
        <translation>网状且双向：每个节点对用一个步骤同时测量两个方向。</translation>
    </message>
    <message>
        <source>Every pair at the same time (one server port per pair)</source>
        <translation>所有节点对同时运行（每对一个服务器端口）</translation>
    </message>
    <message>
        <source>A mesh: all ordered pairs at once. A star whose centre runs the server: every other node into it at once, as many clients load one server.</source>
        <translation>网格：所有有序节点对同时运行。中心运行服务器的星型：其他所有节点同时连入，如同多个客户端加载一台服务器。</translation>
    </message>
    <message>
        <source>Every pair starts at the same moment: the results show what the links and the nodes carry together; each pair&apos;s own figure is shared with the others.</source>
        <translation>所有节点对在同一时刻开始：结果显示链路和节点一起承载的流量；每对的数值与其他节点对共享带宽。</translation>
    </message>
</context>
<context>
    <name>cm::ui::NetPreviewPage</name>
    <message>
        <source>iperf 2</source>
        <translation>iperf 2</translation>
    </message>
    <message>
        <source>Review</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>The exact commands of every pair, one pair at a time. Press Run to start.</source>
        <translation>每对节点将执行的确切命令，每次一对。按“运行”开始。</translation>
    </message>
    <message>
        <source>Plan name:</source>
        <translation>计划名称：</translation>
    </message>
    <message>
        <source>Estimated duration:</source>
        <translation>预计时长：</translation>
    </message>
    <message>
        <source>Check the nodes</source>
        <translation>检查节点</translation>
    </message>
    <message>
        <source>Connect to every node of the plan and read its iperf versions and link speeds</source>
        <translation>连接计划中的每个节点，读取其 iperf 版本和链路速率</translation>
    </message>
    <message>
        <source>Save plan…</source>
        <translation>保存计划…</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation>保存计划</translation>
    </message>
    <message>
        <source>ClusterMark plans (*.json)</source>
        <translation>ClusterMark 计划 (*.json)</translation>
    </message>
    <message>
        <source>mesh</source>
        <translation>网状</translation>
    </message>
    <message>
        <source>star</source>
        <translation>星形</translation>
    </message>
    <message>
        <source>pair</source>
        <translation>成对</translation>
    </message>
    <message>
        <source>Network %1, %2 stream(s) (%3)</source>
        <translation>网络 %1，%2 个流（%3）</translation>
    </message>
    <message>
        <source># tool: %1
</source>
        <translation># 工具：%1
</translation>
    </message>
    <message>
        <source># tool: automatic; iperf3 unless the check of the nodes picks iperf 2
</source>
        <translation># 工具：自动；使用 iperf3，除非检查节点后选择了 iperf 2
</translation>
    </message>
    <message>
        <source># or, with iperf 2:
</source>
        <translation># 或者，使用 iperf 2 时：
</translation>
    </message>
    <message>
        <source># PORT: a free port between 20000 and 32000, picked when the server starts.
# Each command runs as  sh -c SCRIPT sh COMMAND…  where SCRIPT is a watchdog that
# ends the command within a second when its SSH connection is lost:
</source>
        <translation># PORT：服务端启动时在 20000 到 32000 之间选取的空闲端口。
# 每条命令都以  sh -c SCRIPT sh COMMAND…  的形式运行，其中 SCRIPT 是一个看门狗，
# 在 SSH 连接断开后一秒内结束该命令：
</translation>
    </message>
    <message>
        <source>about %1 (min:s)</source>
        <translation>约 %1（分:秒）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Checking the nodes…</source>
        <translation>正在检查节点…</translation>
    </message>
    <message>
        <source>Tool: automatic, chosen per pair from the iperf versions and link speeds of both nodes. Check the nodes to see the choice now.</source>
        <translation>工具：自动，按每对节点双方的 iperf 版本和链路速率选择。检查节点即可立即查看选择结果。</translation>
    </message>
    <message>
        <source>Tool: %1</source>
        <translation>工具：%1</translation>
    </message>
    <message>
        <source>%1: %2</source>
        <translation>%1：%2</translation>
    </message>
    <message>
        <source>Tool: %1, as chosen</source>
        <translation>工具：%1（已选定）</translation>
    </message>
    <message>
        <source>Could not check %1</source>
        <translation>无法检查 %1</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
</context>
<context>
    <name>cm::ui::NodeCheckPanel</name>
    <message>
        <source>Check the nodes</source>
        <translation>检查节点</translation>
    </message>
    <message>
        <source>Whether every node can run the test&apos;s tool and reach the cluster, before the run</source>
        <translation>在运行之前，检查每个节点能否运行测试工具并访问集群</translation>
    </message>
    <message>
        <source>✗ %1: %2: %3 — %4</source>
        <translation>✗ %1：%2：%3 — %4</translation>
    </message>
    <message numerus="yes">
        <source>Checking %n node(s)…</source>
        <translation>
            <numerusform>正在检查 %n 个节点…</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>✓ Every node can run the test and reach the cluster (%n check(s)).</source>
        <translation>
            <numerusform>✓ 每个节点都能运行测试并访问集群（%n 项检查）。</numerusform>
        </translation>
    </message>
    <message numerus="yes">
        <source>%n other check(s) passed.</source>
        <translation>
            <numerusform>其余 %n 项检查通过。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cm::ui::NodeConnector</name>
    <message>
        <source>Connected.</source>
        <translation>已连接。</translation>
    </message>
    <message>
        <source>The host does not answer or refuses the connection%1. Check the address, the port and that sshd runs.</source>
        <translation>主机无响应或拒绝连接%1。请检查地址、端口以及 sshd 是否在运行。</translation>
    </message>
    <message>
        <source>The connection timed out%1. Check the address and any firewall.</source>
        <translation>连接超时%1。请检查地址和防火墙。</translation>
    </message>
    <message>
        <source>The node refused every authentication method%1. Check the user, the key or the password.</source>
        <translation>节点拒绝了所有认证方式%1。请检查用户名、密钥或密码。</translation>
    </message>
    <message>
        <source>First connection to this host: its key (%1) is not known yet.</source>
        <translation>首次连接此主机：其密钥（%1）尚未记录。</translation>
    </message>
    <message>
        <source>WARNING: the host key of this node has CHANGED%1. This can mean someone intercepts the connection, or the node was reinstalled. The connection was refused. If the change is expected, remove the old key from the known hosts file.</source>
        <translation>警告：此节点的主机密钥已更改%1。这可能意味着有人在拦截连接，或者节点已重装。连接已被拒绝。如果此变更在预期之内，请从 known_hosts 文件中删除旧密钥。</translation>
    </message>
    <message>
        <source>The keychain could not be used: %1</source>
        <translation>无法使用系统密钥库：%1</translation>
    </message>
    <message>
        <source>Connection failed: %1</source>
        <translation>连接失败：%1</translation>
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
        <translation>勾选要测试的节点。每个步骤都会在所有勾选的节点上同时运行。</translation>
    </message>
    <message>
        <source>local (this machine)</source>
        <translation>local（本机）</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>%1 (this machine)</source>
        <translation>%1（本机）</translation>
    </message>
    <message>
        <source>Add node…</source>
        <translation>添加节点…</translation>
    </message>
</context>
<context>
    <name>cm::ui::OperationLabel</name>
    <message>
        <source>%1 ops/s</source>
        <translation>%1 ops/s</translation>
    </message>
    <message>
        <source>%1 latency p50</source>
        <translation>%1 延迟 p50</translation>
    </message>
    <message>
        <source>%1 latency p99</source>
        <translation>%1 延迟 p99</translation>
    </message>
</context>
<context>
    <name>cm::ui::OsdHeatMap</name>
    <message>
        <source>HDD</source>
        <translation>HDD</translation>
    </message>
    <message>
        <source>NVMe</source>
        <translation>NVMe</translation>
    </message>
    <message>
        <source>SSD</source>
        <translation>SSD</translation>
    </message>
    <message>
        <source>(no host)</source>
        <translation>（无主机）</translation>
    </message>
    <message>
        <source>No OSD results in this run.</source>
        <translation>此运行中没有 OSD 结果。</translation>
    </message>
    <message>
        <source>Colour: p99 latency</source>
        <translation>颜色：p99 延迟</translation>
    </message>
    <message>
        <source>Colour: p50 latency</source>
        <translation>颜色：p50 延迟</translation>
    </message>
    <message>
        <source>no host</source>
        <translation>无主机</translation>
    </message>
    <message>
        <source>class %1, %2</source>
        <translation>设备类 %1，%2</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>rotational</source>
        <translation>机械盘</translation>
    </message>
    <message>
        <source>not rotational</source>
        <translation>非机械盘</translation>
    </message>
    <message>
        <source>rotational unknown</source>
        <translation>是否机械盘未知</translation>
    </message>
    <message>
        <source>p50 %1 · p99 %2 · p99.9 %3</source>
        <translation>p50 %1 · p99 %2 · p99.9 %3</translation>
    </message>
    <message>
        <source>mean %1 · max %2</source>
        <translation>平均 %1 · 最大 %2</translation>
    </message>
    <message numerus="yes">
        <source>%1 · %n op(s)</source>
        <translation>
            <numerusform>%1 · %n 次操作</numerusform>
        </translation>
    </message>
    <message>
        <source>Outlier</source>
        <translation>离群</translation>
    </message>
    <message>
        <source>Outlier: %1</source>
        <translation>离群：%1</translation>
    </message>
    <message>
        <source>no class</source>
        <translation>无设备类</translation>
    </message>
    <message>
        <source>no ops</source>
        <translation>无操作</translation>
    </message>
    <message>
        <source>outlier (hover for the reason)</source>
        <translation>离群（悬停查看原因）</translation>
    </message>
</context>
<context>
    <name>cm::ui::OsdLatencyRunTab</name>
    <message>
        <source>OSD latency</source>
        <translation>OSD 延迟</translation>
    </message>
    <message>
        <source>p50 latency</source>
        <translation>p50 延迟</translation>
    </message>
    <message>
        <source>p99 latency</source>
        <translation>p99 延迟</translation>
    </message>
    <message>
        <source>Step:</source>
        <translation>步骤：</translation>
    </message>
    <message>
        <source>Colour by:</source>
        <translation>着色依据：</translation>
    </message>
</context>
<context>
    <name>cm::ui::OsdLatencyTargetPage</name>
    <message>
        <source>Per-OSD latency</source>
        <translation>各 OSD 延迟</translation>
    </message>
    <message>
        <source>4 KiB writes at queue depth 1 to objects whose primary is each OSD in turn, every op timed: the slow OSD stands out. ClusterMark itself is the Ceph client.</source>
        <translation>以队列深度 1 写入 4 KiB，依次写向以各个 OSD 为主 OSD 的对象，每次操作都计时：慢的 OSD 一目了然。ClusterMark 自身作为 Ceph 客户端。</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>存储池</translation>
    </message>
    <message>
        <source>A temporary pool of size 1 (recommended)</source>
        <translation>size 为 1 的临时存储池（推荐）</translation>
    </message>
    <message>
        <source>I agree that the run creates and deletes a temporary pool</source>
        <translation>我同意本次运行创建并删除一个临时存储池</translation>
    </message>
    <message>
        <source>The pool %1… gets size 1 and min_size 1 (no replicas, so every write lands on exactly one OSD) and is deleted afterwards.</source>
        <translation>存储池 %1… 的 size 和 min_size 均为 1（无副本，每次写入只落在一个 OSD 上），结束后删除。</translation>
    </message>
    <message>
        <source>Size 1, deleted afterwards; needs mon_allow_pool_size_one and mon_allow_pool_delete.</source>
        <translation>size 为 1，结束后删除；需要 mon_allow_pool_size_one 和 mon_allow_pool_delete。</translation>
    </message>
    <message>
        <source>An existing pool (with replicas, each write also waits for them)</source>
        <translation>现有存储池（有副本时，每次写入还要等待副本）</translation>
    </message>
    <message>
        <source>Only ClusterMark&apos;s own objects are written to it, and removed afterwards.</source>
        <translation>只写入 ClusterMark 自己的对象，结束后删除。</translation>
    </message>
    <message>
        <source>pool name</source>
        <translation>存储池名称</translation>
    </message>
    <message>
        <source>One OSD at a time (clean per-OSD figures)</source>
        <translation>逐个 OSD（各 OSD 数据互不干扰）</translation>
    </message>
    <message>
        <source>All OSDs at once (faster; shared network and CPU)</source>
        <translation>所有 OSD 同时（更快；共享网络和 CPU）</translation>
    </message>
    <message>
        <source>all OSDs that are up and in, or ids like 0,2,5</source>
        <translation>所有 up 且 in 的 OSD，或 id 列表如 0,2,5</translation>
    </message>
    <message>
        <source>Order:</source>
        <translation>顺序：</translation>
    </message>
    <message>
        <source>OSDs:</source>
        <translation>OSD：</translation>
    </message>
    <message>
        <source>Tick the box to agree to the temporary pool, or choose an existing pool.</source>
        <translation>请勾选同意使用临时存储池，或选择现有存储池。</translation>
    </message>
    <message>
        <source>The pool name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>存储池名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>OSDs: leave empty for all, or list ids like 0,2,5.</source>
        <translation>OSD：留空表示全部，或列出 id，如 0,2,5。</translation>
    </message>
</context>
<context>
    <name>cm::ui::PercentileChart</name>
    <message>
        <source>Latency percentiles</source>
        <translation>延迟百分位</translation>
    </message>
    <message>
        <source>percentile</source>
        <translation>百分位</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>Latency percentiles (none recorded for this test)</source>
        <translation>延迟百分位（此测试未记录）</translation>
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
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>Not offered, offline: %1. Retry or remove them in the cluster panel.</source>
        <translation>离线、未列出的节点：%1。请在集群面板中重试连接或移除它们。</translation>
    </message>
</context>
<context>
    <name>cm::ui::PresetText</name>
    <message>
        <source>%1 — 1 test</source>
        <translation>%1 — 1 项测试</translation>
    </message>
    <message>
        <source>%1 — %2 tests</source>
        <translation>%1 — %2 项测试</translation>
    </message>
</context>
<context>
    <name>cm::ui::RadosTargetPage</name>
    <message>
        <source>RADOS objects</source>
        <translation>RADOS 对象</translation>
    </message>
    <message>
        <source>Pool:</source>
        <translation>存储池：</translation>
    </message>
    <message>
        <source>Object size (writes):</source>
        <translation>对象大小（写入）：</translation>
    </message>
    <message>
        <source>Objects:</source>
        <translation>对象数：</translation>
    </message>
    <message>
        <source>Why `rados bench` shows higher numbers: it reads back the few objects it has just written, which still sit in the OSDs&apos; caches, so its reads measure RAM. This test spreads its I/O over a working set larger than the caches (make it several times the OSDs&apos; memory targets) and so measures the disks.</source>
        <translation>为什么 `rados bench` 的数值更高：它读回的是刚写入的少量对象，这些对象仍在 OSD 的缓存中，所以它的读测的其实是内存。本测试把 I/O 分散到大于缓存的工作集上（请设为 OSD 内存目标的数倍），因此测的是磁盘。</translation>
    </message>
    <message>
        <source>Working set: %1 objects × %2 = %3</source>
        <translation>工作集：%1 个对象 × %2 = %3</translation>
    </message>
    <message>
        <source>The pool name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>存储池名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>The object size is a size like 4M or 64k.</source>
        <translation>对象大小应为 4M 或 64k 这样的值。</translation>
    </message>
    <message>
        <source>Object writes, reads and stats straight to the OSDs, spread over many objects. Every object the test writes is removed afterwards.</source>
        <translation>直接对 OSD 进行对象写入、读取和 stat，分散到许多对象上。测试写入的每个对象之后都会删除。</translation>
    </message>
    <message>
        <source>ClusterMark&apos;s own librados client, on this machine</source>
        <translation>ClusterMark 自带的 librados 客户端，在本机</translation>
    </message>
    <message>
        <source>fio&apos;s rados engine, on each chosen node at once (no stat test)</source>
        <translation>fio 的 rados 引擎，在每个所选节点上同时运行（无 stat 测试）</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>引擎：</translation>
    </message>
    <message>
        <source>fio runs on each chosen node: ceph.conf and the keyring below are paths there (as on Proxmox nodes, /etc/pve/ceph.conf).</source>
        <translation>fio 在每个所选节点上运行：下方的 ceph.conf 和密钥环是该节点上的路径（如 Proxmox 节点上的 /etc/pve/ceph.conf）。</translation>
    </message>
    <message>
        <source>ClusterMark&apos;s own client runs on this machine: choose only this machine as the node, or fio&apos;s rados engine for other nodes.</source>
        <translation>ClusterMark 自带的客户端在本机运行：只选择本机作为节点，或为其他节点选择 fio 的 rados 引擎。</translation>
    </message>
    <message>
        <source>fio on the nodes reads their own ceph.conf and keyring: give those paths instead of a cluster fetched over SSH.</source>
        <translation>节点上的 fio 读取节点自己的 ceph.conf 和密钥环：请填写这些路径，而不是通过 SSH 获取的集群。</translation>
    </message>
</context>
<context>
    <name>cm::ui::RbdTargetPage</name>
    <message>
        <source>RBD target</source>
        <translation>RBD 目标</translation>
    </message>
    <message>
        <source>Each test writes its own image (%1…) in this pool, prefilled before reads and removed afterwards. fio&apos;s rbd engine runs on the chosen node.</source>
        <translation>每项测试在此存储池中写入自己的镜像（%1…），读测试前预先填充，结束后删除。fio 的 rbd 引擎在所选节点上运行。</translation>
    </message>
    <message>
        <source>fio&apos;s rbd engine, on the chosen node</source>
        <translation>fio 的 rbd 引擎，在所选节点上运行</translation>
    </message>
    <message>
        <source>ClusterMark&apos;s own librbd engine, on this machine</source>
        <translation>ClusterMark 自带的 librbd 引擎，在本机上运行</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>引擎：</translation>
    </message>
    <message>
        <source>from ceph.conf (e.g. /etc/pve/priv/ceph.client.admin.keyring)</source>
        <translation>取自 ceph.conf（如 /etc/pve/priv/ceph.client.admin.keyring）</translation>
    </message>
    <message>
        <source>Pool:</source>
        <translation>存储池：</translation>
    </message>
    <message>
        <source>Image size:</source>
        <translation>镜像大小：</translation>
    </message>
    <message>
        <source>ceph.conf on the node:</source>
        <translation>节点上的 ceph.conf：</translation>
    </message>
    <message>
        <source>Keyring on the node:</source>
        <translation>节点上的 keyring：</translation>
    </message>
    <message>
        <source>Client name:</source>
        <translation>客户端名称：</translation>
    </message>
    <message>
        <source>Poll the cluster&apos;s health during the run (this machine must reach the same files)</source>
        <translation>运行期间轮询集群健康状态（本机须能访问相同的文件）</translation>
    </message>
    <message>
        <source>Poll the connected cluster&apos;s health during the run</source>
        <translation>运行期间轮询已连接集群的健康状态</translation>
    </message>
    <message>
        <source>The pool name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>存储池名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>The image size is a size like 1G or 512M.</source>
        <translation>镜像大小应为 1G 或 512M 这样的值。</translation>
    </message>
    <message>
        <source>The client name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>客户端名称只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>ceph.conf must be an absolute path on the node.</source>
        <translation>ceph.conf 必须是节点上的绝对路径。</translation>
    </message>
    <message>
        <source>The native engine runs in ClusterMark itself: choose only this machine (local) as the node.</source>
        <translation>原生引擎在 ClusterMark 内部运行：节点只能选择本机（local）。</translation>
    </message>
    <message>
        <source>Off: every write waits for the OSDs</source>
        <translation>关闭：每次写入都等待 OSD 完成</translation>
    </message>
    <message>
        <source>Client cache:</source>
        <translation>客户端缓存：</translation>
    </message>
    <message>
        <source>Off for the QD1 latency tests, the cluster&apos;s setting for the others</source>
        <translation>QD1 延迟测试时关闭，其他测试使用集群的设置</translation>
    </message>
    <message>
        <source>The cluster&apos;s setting everywhere (writeback by default)</source>
        <translation>所有测试都使用集群的设置（默认回写）</translation>
    </message>
    <message>
        <source>With librbd&apos;s writeback cache, small random writes are acknowledged from the client&apos;s memory and are capped by how fast it flushes (about rbd_cache_max_dirty per second): at QD1 that is no commit latency. Figures measured with the cache on say so.</source>
        <translation>使用 librbd 的回写缓存时，小的随机写由客户端内存确认，并受其刷新速度限制（约每秒 rbd_cache_max_dirty）：在 QD1 下这不是提交延迟。开启缓存时测得的数值会注明这一点。</translation>
    </message>
    <message>
        <source>none: the data in the pool above</source>
        <translation>无：数据存放在上面的存储池中</translation>
    </message>
    <message>
        <source>An erasure-coded pool with allow_ec_overwrites for the images&apos; data, as Proxmox uses one; the images&apos; headers stay in the pool above, which must be replicated.</source>
        <translation>用于存放映像数据的纠删码存储池（已启用 allow_ec_overwrites），与 Proxmox 的用法相同；映像头仍放在上面的存储池中，该池必须是副本池。</translation>
    </message>
    <message>
        <source>Data pool:</source>
        <translation>数据池：</translation>
    </message>
    <message>
        <source>The data pool name may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>数据池名称可包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>On erasure-coded pools the images&apos; headers go to a replicated pool made beside it (as Proxmox lays them out), their data to the EC pool.</source>
        <translation>在纠删码池上，镜像的头部放在旁边新建的副本池中（与 Proxmox 的布局相同），数据放在 EC 池中。</translation>
    </message>
    <message>
        <source>A temporary pool is made from this machine: poll the cluster&apos;s health, so ClusterMark reaches the cluster from here.</source>
        <translation>临时池由本机创建：请勾选轮询集群健康状态，使 ClusterMark 能从本机连接集群。</translation>
    </message>
    <message>
        <source>The node kernel&apos;s client (krbd), fio&apos;s libaio on the mapped device</source>
        <translation>节点内核的客户端（krbd），在映射的设备上运行 fio 的 libaio</translation>
    </message>
    <message>
        <source>rbd-nbd on the node, fio&apos;s libaio on the mapped device</source>
        <translation>节点上的 rbd-nbd，在映射的设备上运行 fio 的 libaio</translation>
    </message>
    <message>
        <source>The kernel client is what Proxmox containers use. It needs root on the node and a kernel with the rbd (or nbd) module; the QD1 latency tests write with sync=1.</source>
        <translation>Proxmox 容器使用的就是内核客户端。它需要节点上的 root 权限以及带有 rbd（或 nbd）模块的内核；QD1 延迟测试以 sync=1 写入。</translation>
    </message>
</context>
<context>
    <name>cm::ui::RepetitionForm</name>
    <message>
        <source> ×</source>
        <translation> ×</translation>
    </message>
    <message>
        <source>Run each step this many times: comparisons of repeated runs get a noise estimate.</source>
        <translation>每个步骤运行的次数：重复运行后，比较时会给出噪声估计。</translation>
    </message>
    <message>
        <source>Repeat each step:</source>
        <translation>每个步骤重复：</translation>
    </message>
    <message>
        <source>until it varies by at most</source>
        <translation>直到波动不超过</translation>
    </message>
    <message>
        <source> %</source>
        <translation> %</translation>
    </message>
    <message>
        <source>over the last</source>
        <translation>按最近</translation>
    </message>
    <message>
        <source>runs, at most</source>
        <translation>次运行计算，最多</translation>
    </message>
    <message>
        <source>times</source>
        <translation>次</translation>
    </message>
    <message>
        <source>Spread: (highest − lowest) / mean of the step&apos;s headline figure (Gbit/s, MB/s).</source>
        <translation>波动 =（最高 − 最低）/ 平均值，基于该步骤的主要指标（Gbit/s、MB/s）。</translation>
    </message>
</context>
<context>
    <name>cm::ui::ResultsModel</name>
    <message>
        <source>R %1</source>
        <translation>读 %1</translation>
    </message>
    <message>
        <source>W %1</source>
        <translation>写 %1</translation>
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
    <message>
        <source>%1 creates/s</source>
        <translation>%1 次创建/秒</translation>
    </message>
    <message>
        <source>OSD write p50 %1 – %2</source>
        <translation>OSD 写 p50 %1 – %2</translation>
    </message>
    <message>
        <source>slowest p99 %1 (osd.%2)</source>
        <translation>最慢 p99 %1（osd.%2）</translation>
    </message>
    <message numerus="yes">
        <source>%n outlier(s)</source>
        <translation>
            <numerusform>%n 个异常值</numerusform>
        </translation>
    </message>
    <message>
        <source>%1 – %2</source>
        <translation>%1 – %2</translation>
    </message>
</context>
<context>
    <name>cm::ui::ResultsView</name>
    <message>
        <source>Export chart…</source>
        <translation>导出图表…</translation>
    </message>
    <message>
        <source>Forum post…</source>
        <translation>论坛帖子…</translation>
    </message>
    <message>
        <source>Ctrl-click or Shift-click two or more runs to compare them.</source>
        <translation>按住 Ctrl 或 Shift 单击两个或更多运行即可比较。</translation>
    </message>
    <message>
        <source>Compare selected</source>
        <translation>比较所选</translation>
    </message>
    <message numerus="yes">
        <source>Compare %n runs</source>
        <translation>
            <numerusform>比较 %n 个运行</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cm::ui::ReviewPage</name>
    <message>
        <source>Review</source>
        <translation>确认</translation>
    </message>
    <message>
        <source>These are the exact commands that will run. Press Run to start.</source>
        <translation>以下是将要执行的确切命令。按“运行”开始。</translation>
    </message>
    <message>
        <source>Plan name:</source>
        <translation>计划名称：</translation>
    </message>
    <message>
        <source>Estimated duration:</source>
        <translation>预计时长：</translation>
    </message>
    <message>
        <source>Save plan…</source>
        <translation>保存计划…</translation>
    </message>
    <message>
        <source>Save plan</source>
        <translation>保存计划</translation>
    </message>
    <message>
        <source>ClusterMark plans (*.json)</source>
        <translation>ClusterMark 计划 (*.json)</translation>
    </message>
    <message>
        <source>%1 (%2)</source>
        <translation>%1（%2）</translation>
    </message>
    <message>
        <source>about %1 (min:s)</source>
        <translation>约 %1（分:秒）</translation>
    </message>
    <message>
        <source>unknown</source>
        <translation>未知</translation>
    </message>
    <message>
        <source>Could not write %1: %2</source>
        <translation>无法写入 %1：%2</translation>
    </message>
    <message>
        <source>The session the run is saved in: pick one, or type a new name (e.g. “MTU 9000”) to start a new session.</source>
        <translation>运行将保存到的会话：选择一个，或输入新名称（如“MTU 9000”）创建新会话。</translation>
    </message>
    <message>
        <source>Session:</source>
        <translation>会话：</translation>
    </message>
    <message>
        <source>about %1 to %2 (min:s), until stable</source>
        <translation>约 %1 到 %2（分:秒），直到稳定</translation>
    </message>
    <message>
        <source>Runs every test with the first client alone, then two, and so on up to all of them, so that Results show the cluster total against the number of clients.</source>
        <translation>每个测试先只用第一个客户端运行，然后两个，依此类推直到全部客户端，以便在结果中查看集群总量随客户端数量的变化。</translation>
    </message>
    <message>
        <source>Scaling series: every test with 1 to %1 clients</source>
        <translation>扩展系列：每个测试分别用 1 到 %1 个客户端运行</translation>
    </message>
    <message>
        <source>Pause the cluster&apos;s scrubbing during the run (noscrub, nodeep-scrub; put back afterwards)</source>
        <translation>运行期间暂停集群的 scrub（noscrub、nodeep-scrub；运行后恢复）</translation>
    </message>
    <message>
        <source>A scrub that starts mid-run reads the disks beside the benchmark. ClusterMark sets the flags that are not set yet and unsets them after the run, also after a cancel; after a crash, the restore offer at start puts them back.</source>
        <translation>运行中途开始的 scrub 会与基准测试同时读取磁盘。ClusterMark 只设置尚未设置的标志，并在运行结束后（包括取消后）清除它们；崩溃后，启动时的恢复提示会将其复原。</translation>
    </message>
</context>
<context>
    <name>cm::ui::RunAgainDialog</name>
    <message>
        <source>a %1 test file in %2</source>
        <translation>%2 中大小为 %1 的测试文件</translation>
    </message>
    <message>
        <source>the device %1 (its data is overwritten by write tests)</source>
        <translation>设备 %1（其数据会被写入测试覆盖）</translation>
    </message>
    <message>
        <source>pool %1</source>
        <translation>存储池 %1</translation>
    </message>
    <message>
        <source>Run again</source>
        <translation>再次运行</translation>
    </message>
    <message>
        <source>Run “%1” again with the same plan.</source>
        <translation>以相同计划再次运行“%1”。</translation>
    </message>
    <message>
        <source>Kind:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Nodes:</source>
        <translation>节点：</translation>
    </message>
    <message>
        <source>Target:</source>
        <translation>目标：</translation>
    </message>
    <message>
        <source>Tests (×%1):</source>
        <translation>测试（×%1）：</translation>
    </message>
    <message>
        <source>Tests:</source>
        <translation>测试：</translation>
    </message>
    <message>
        <source>Into session:</source>
        <translation>保存到会话：</translation>
    </message>
    <message>
        <source>Pick the session of the set-up you are measuring now, or type a new name (e.g. “MTU 9000”) to start a new session.</source>
        <translation>选择当前所测配置对应的会话，或输入新名称（如“MTU 9000”）创建新会话。</translation>
    </message>
    <message>
        <source>Edit in wizard…</source>
        <translation>在向导中编辑…</translation>
    </message>
    <message>
        <source>Start now</source>
        <translation>立即开始</translation>
    </message>
    <message>
        <source>Experiment…</source>
        <translation>实验…</translation>
    </message>
    <message>
        <source>Measure this plan with and without a change, in turns, with a verdict</source>
        <translation>轮流测量此计划（应用与不应用更改），并给出结论</translation>
    </message>
</context>
<context>
    <name>cm::ui::RunChartGrid</name>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>Operations per second</source>
        <translation>每秒操作数</translation>
    </message>
    <message>
        <source>Requests per second</source>
        <translation>每秒请求数</translation>
    </message>
    <message>
        <source>Bandwidth</source>
        <translation>带宽</translation>
    </message>
    <message>
        <source>Latency: p50 solid, p99 dashed</source>
        <translation>延迟：实线 p50，虚线 p99</translation>
    </message>
    <message>
        <source>Node CPU busy</source>
        <translation>节点 CPU 占用</translation>
    </message>
</context>
<context>
    <name>cm::ui::RunChartsView</name>
    <message>
        <source>Select a run to see its charts.</source>
        <translation>选择一个运行以查看其图表。</translation>
    </message>
    <message>
        <source>This run saved no time series: its figures are in the Summary tab.</source>
        <translation>此运行未保存时间序列：其数据见“汇总”标签页。</translation>
    </message>
</context>
<context>
    <name>cm::ui::RunDetailPane</name>
    <message>
        <source>Nodes &amp;&amp; OSDs</source>
        <translation>节点与 OSD</translation>
    </message>
    <message>
        <source>read %1 bytes</source>
        <translation>读取字节 %1</translation>
    </message>
    <message>
        <source>write %1 bytes</source>
        <translation>写入字节 %1</translation>
    </message>
    <message>
        <source>%1 on %2, against Ceph&apos;s count for pool %3: %4</source>
        <translation>%1（%2）与 Ceph 对存储池 %3 的计数相比：%4</translation>
    </message>
    <message>
        <source>⚠ %1 (Ceph&apos;s count was still moving)</source>
        <translation>⚠ %1（Ceph 的计数仍在变化）</translation>
    </message>
    <message>
        <source>⚠ %1 (off by more than %2 %)</source>
        <translation>⚠ %1（相差超过 %2 %）</translation>
    </message>
    <message>
        <source>Node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Lat p50</source>
        <translation>延迟 p50</translation>
    </message>
    <message>
        <source>Lat p99</source>
        <translation>延迟 p99</translation>
    </message>
    <message>
        <source>Summary</source>
        <translation>汇总</translation>
    </message>
    <message>
        <source>Item</source>
        <translation>项目</translation>
    </message>
    <message>
        <source>Value</source>
        <translation>值</translation>
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
        <translation>选择一个运行以查看其数据。</translation>
    </message>
    <message>
        <source>Could not read the run: %1</source>
        <translation>无法读取运行：%1</translation>
    </message>
    <message>
        <source>Kernel</source>
        <translation>内核</translation>
    </message>
    <message>
        <source>Host name</source>
        <translation>主机名</translation>
    </message>
    <message>
        <source>Operating system</source>
        <translation>操作系统</translation>
    </message>
    <message>
        <source>Disk</source>
        <translation>磁盘</translation>
    </message>
    <message>
        <source>Model</source>
        <translation>型号</translation>
    </message>
    <message>
        <source>Device or filesystem</source>
        <translation>设备或文件系统</translation>
    </message>
    <message>
        <source>Write cache (kernel)</source>
        <translation>写缓存（内核）</translation>
    </message>
    <message>
        <source>Write cache (hdparm -W)</source>
        <translation>写缓存（hdparm -W）</translation>
    </message>
    <message>
        <source>fio</source>
        <translation>fio</translation>
    </message>
    <message>
        <source>iperf3</source>
        <translation>iperf3</translation>
    </message>
    <message>
        <source>iperf 2</source>
        <translation>iperf 2</translation>
    </message>
    <message>
        <source>MTU</source>
        <translation>MTU</translation>
    </message>
    <message>
        <source>Bond mode</source>
        <translation>bond 模式</translation>
    </message>
    <message>
        <source>Ceph version</source>
        <translation>Ceph 版本</translation>
    </message>
    <message>
        <source>Cluster fsid</source>
        <translation>集群 fsid</translation>
    </message>
    <message>
        <source>Pool</source>
        <translation>存储池</translation>
    </message>
    <message>
        <source>Pool size (copies)</source>
        <translation>存储池 size（副本数）</translation>
    </message>
    <message>
        <source>Pool min_size</source>
        <translation>存储池 min_size</translation>
    </message>
    <message>
        <source>Placement groups</source>
        <translation>PG 数</translation>
    </message>
    <message>
        <source>Erasure-code profile</source>
        <translation>纠删码配置</translation>
    </message>
    <message>
        <source>Temporary pool</source>
        <translation>临时存储池</translation>
    </message>
    <message>
        <source>Client op timeout</source>
        <translation>客户端操作超时</translation>
    </message>
    <message>
        <source>RBD engine</source>
        <translation>RBD 引擎</translation>
    </message>
    <message>
        <source>RBD image</source>
        <translation>RBD 镜像</translation>
    </message>
    <message>
        <source>RADOS engine</source>
        <translation>RADOS 引擎</translation>
    </message>
    <message>
        <source>Working set</source>
        <translation>工作集</translation>
    </message>
    <message>
        <source>OSD caches (estimate)</source>
        <translation>OSD 缓存（估计）</translation>
    </message>
    <message>
        <source>Working set exceeds the caches</source>
        <translation>工作集超出缓存</translation>
    </message>
    <message>
        <source>Object prefix</source>
        <translation>对象前缀</translation>
    </message>
    <message>
        <source>ClusterMark</source>
        <translation>ClusterMark</translation>
    </message>
    <message>
        <source>Client host</source>
        <translation>客户端主机</translation>
    </message>
    <message>
        <source>Client OS</source>
        <translation>客户端操作系统</translation>
    </message>
    <message>
        <source>System</source>
        <translation>系统</translation>
    </message>
    <message>
        <source>Tools</source>
        <translation>工具</translation>
    </message>
    <message>
        <source>Network</source>
        <translation>网络</translation>
    </message>
    <message>
        <source>Ceph</source>
        <translation>Ceph</translation>
    </message>
    <message>
        <source>Other</source>
        <translation>其他</translation>
    </message>
    <message>
        <source>yes</source>
        <translation>是</translation>
    </message>
    <message>
        <source>no</source>
        <translation>否</translation>
    </message>
    <message>
        <source>write back (volatile cache on)</source>
        <translation>write back（易失性缓存开启）</translation>
    </message>
    <message>
        <source>write through (no volatile cache)</source>
        <translation>write through（无易失性缓存）</translation>
    </message>
    <message>
        <source>%1 s</source>
        <translation>%1 秒</translation>
    </message>
    <message>
        <source>speed unknown</source>
        <translation>速率未知</translation>
    </message>
    <message>
        <source>%1 Gbit/s</source>
        <translation>%1 Gbit/s</translation>
    </message>
    <message>
        <source>%1 Mbit/s</source>
        <translation>%1 Mbit/s</translation>
    </message>
    <message>
        <source>MTU %1</source>
        <translation>MTU %1</translation>
    </message>
    <message>
        <source>in %1</source>
        <translation>属于 %1</translation>
    </message>
    <message>
        <source>hash %1</source>
        <translation>哈希 %1</translation>
    </message>
    <message>
        <source>links: %1</source>
        <translation>链路：%1</translation>
    </message>
    <message>
        <source>MII %1</source>
        <translation>MII %1</translation>
    </message>
    <message>
        <source>%1 — changed during the run</source>
        <translation>%1 — 运行期间发生了变化</translation>
    </message>
    <message>
        <source>This run</source>
        <translation>本次运行</translation>
    </message>
    <message>
        <source>Ceph cluster</source>
        <translation>Ceph 集群</translation>
    </message>
    <message>
        <source>ceph.conf</source>
        <translation>ceph.conf</translation>
    </message>
    <message>
        <source>Monitors</source>
        <translation>Monitor</translation>
    </message>
    <message>
        <source>fsid</source>
        <translation>fsid</translation>
    </message>
    <message>
        <source>Client</source>
        <translation>客户端</translation>
    </message>
    <message>
        <source>Keyring file</source>
        <translation>Keyring 文件</translation>
    </message>
    <message>
        <source>node</source>
        <translation>节点</translation>
    </message>
    <message>
        <source>Node %1</source>
        <translation>节点 %1</translation>
    </message>
    <message>
        <source> (repeat %1)</source>
        <translation>（第 %1 次重复）</translation>
    </message>
    <message>
        <source># target: %1
</source>
        <translation># 目标：%1
</translation>
    </message>
    <message>
        <source># (no command recorded)</source>
        <translation># （未记录命令）</translation>
    </message>
    <message>
        <source># error: %1
</source>
        <translation># 错误：%1
</translation>
    </message>
    <message>
        <source># %1/%2  %3 · not run
</source>
        <translation># %1/%2  %3 · 未运行
</translation>
    </message>
    <message>
        <source>session %1</source>
        <translation>会话 %1</translation>
    </message>
    <message>
        <source>started %1</source>
        <translation>开始于 %1</translation>
    </message>
    <message>
        <source>took %1</source>
        <translation>耗时 %1</translation>
    </message>
    <message>
        <source>Ops/s</source>
        <translation>ops/s</translation>
    </message>
    <message>
        <source>Device type</source>
        <translation>设备类型</translation>
    </message>
    <message>
        <source>Vendor</source>
        <translation>厂商</translation>
    </message>
    <message>
        <source>Transport</source>
        <translation>传输方式</translation>
    </message>
    <message>
        <source>Rotational flag (kernel)</source>
        <translation>旋转标志（内核）</translation>
    </message>
    <message>
        <source>0 (not rotational)</source>
        <translation>0（非旋转）</translation>
    </message>
    <message>
        <source>1 (rotational)</source>
        <translation>1（旋转）</translation>
    </message>
    <message>
        <source>Journal write latency on %1, the worse of sync=1 and fsync=1: p50 %2 (%3), p99 %4 (%5)</source>
        <translation>%1 上的日志写延迟，取 sync=1 和 fsync=1 中较差者：p50 %2（%3），p99 %4（%5）</translation>
    </message>
    <message>
        <source>Charts</source>
        <translation>图表</translation>
    </message>
    <message>
        <source>%1 MB/s</source>
        <translation>%1 MB/s</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
    <message>
        <source>No step of this run recorded a figure: see Commands for what ran and Environment for where.</source>
        <translation>此运行的步骤均未记录数据：运行了什么见“命令”，在哪里运行见“环境”。</translation>
    </message>
    <message>
        <source>This run&apos;s figures are not reads and writes: they are under %1.</source>
        <translation>此运行的数据不是读写数据：请见 %1。</translation>
    </message>
    <message>
        <source>Pool type</source>
        <translation>存储池类型</translation>
    </message>
    <message>
        <source>PG autoscale</source>
        <translation>PG 自动伸缩</translation>
    </message>
    <message>
        <source>CRUSH rule</source>
        <translation>CRUSH 规则</translation>
    </message>
    <message>
        <source>CRUSH device class</source>
        <translation>CRUSH 设备类</translation>
    </message>
    <message>
        <source>Pools</source>
        <translation>存储池</translation>
    </message>
    <message>
        <source>OSDs</source>
        <translation>OSD</translation>
    </message>
    <message>
        <source>OSD flags</source>
        <translation>OSD 标志</translation>
    </message>
    <message>
        <source>Scrubbing when the step ended</source>
        <translation>步骤结束时的清洗</translation>
    </message>
    <message>
        <source>Balancer</source>
        <translation>均衡器</translation>
    </message>
    <message>
        <source>librados API</source>
        <translation>librados API</translation>
    </message>
    <message>
        <source>RBD client cache</source>
        <translation>RBD 客户端缓存</translation>
    </message>
    <message>
        <source>S3 endpoint</source>
        <translation>S3 端点</translation>
    </message>
    <message>
        <source>TLS</source>
        <translation>TLS</translation>
    </message>
    <message>
        <source>TLS certificate checked</source>
        <translation>已校验 TLS 证书</translation>
    </message>
</context>
<context>
    <name>cm::ui::S3AdvancedForm</name>
    <message>
        <source>Object sizes:</source>
        <translation>对象大小：</translation>
    </message>
    <message>
        <source>As the preset</source>
        <translation>同预设</translation>
    </message>
    <message>
        <source>PUT (upload)</source>
        <translation>PUT（上传）</translation>
    </message>
    <message>
        <source>GET (download)</source>
        <translation>GET（下载）</translation>
    </message>
    <message>
        <source>HEAD (metadata)</source>
        <translation>HEAD（元数据）</translation>
    </message>
    <message>
        <source>DELETE</source>
        <translation>DELETE</translation>
    </message>
    <message>
        <source>LIST (bucket listing)</source>
        <translation>LIST（列出 bucket）</translation>
    </message>
    <message>
        <source>Mixed</source>
        <translation>混合</translation>
    </message>
    <message>
        <source>Operation:</source>
        <translation>操作：</translation>
    </message>
    <message>
        <source>Requests in flight:</source>
        <translation>并发请求数：</translation>
    </message>
    <message>
        <source>Keep-alive connections; raised to the requests in flight when fewer.</source>
        <translation>Keep-alive 连接数；少于并发请求数时自动提高到并发请求数。</translation>
    </message>
    <message>
        <source>Connections:</source>
        <translation>连接数：</translation>
    </message>
    <message>
        <source> s</source>
        <translation> 秒</translation>
    </message>
    <message>
        <source>Runtime per step:</source>
        <translation>每步骤时长：</translation>
    </message>
    <message>
        <source>Automatic (about 1 GiB per size)</source>
        <translation>自动（每种大小约 1 GiB）</translation>
    </message>
    <message>
        <source>Objects (working set):</source>
        <translation>对象数（工作集）：</translation>
    </message>
    <message>
        <source>Mix:</source>
        <translation>混合比例：</translation>
    </message>
    <message>
        <source>Never</source>
        <translation>从不</translation>
    </message>
    <message>
        <source> MiB</source>
        <translation> MiB</translation>
    </message>
    <message>
        <source>PUTs of objects this large or larger are uploaded in parts.</source>
        <translation>大于或等于此大小的对象在 PUT 时分段上传。</translation>
    </message>
    <message>
        <source>Multipart from:</source>
        <translation>Multipart 起始大小：</translation>
    </message>
    <message>
        <source>Part size:</source>
        <translation>分段大小：</translation>
    </message>
    <message>
        <source>Count failed requests and go on</source>
        <translation>统计失败请求并继续</translation>
    </message>
    <message>
        <source>Stop the step at the first failed request</source>
        <translation>出现第一个失败请求时停止该步骤</translation>
    </message>
    <message>
        <source>On errors:</source>
        <translation>出错时：</translation>
    </message>
    <message>
        <source>Tick at least one object size.</source>
        <translation>请至少勾选一种对象大小。</translation>
    </message>
    <message>
        <source>The mix adds up to %1 %; it must be 100 %.</source>
        <translation>混合比例合计为 %1 %；必须为 100 %。</translation>
    </message>
    <message>
        <source>Only for mixed steps.</source>
        <translation>仅用于混合步骤。</translation>
    </message>
    <message>
        <source>Total 100 %.</source>
        <translation>合计 100 %。</translation>
    </message>
</context>
<context>
    <name>cm::ui::S3ParamsPage</name>
    <message>
        <source>S3 / RGW: what to measure</source>
        <translation>S3 / RGW：测试内容</translation>
    </message>
    <message>
        <source>Pick a preset; open Advanced to change sizes, operations or load.</source>
        <translation>请选择一个预设；如需修改大小、操作或负载，请展开“高级”。</translation>
    </message>
    <message>
        <source>Advanced</source>
        <translation>高级</translation>
    </message>
    <message>
        <source>%1 — %2</source>
        <translation>%1 — %2</translation>
    </message>
    <message>
        <source>Quick</source>
        <translation>快速</translation>
    </message>
    <message>
        <source>Object size sweep</source>
        <translation>对象大小扫描</translation>
    </message>
    <message>
        <source>Mixed load</source>
        <translation>混合负载</translation>
    </message>
    <message>
        <source>Small objects</source>
        <translation>小对象</translation>
    </message>
    <message>
        <source>A first look. Uploads (PUT) then downloads (GET) 64 KiB objects with 16 requests in flight, 10 seconds each.</source>
        <translation>初步了解。以 16 个并发请求先上传（PUT）再下载（GET）64 KiB 对象，各 10 秒。</translation>
    </message>
    <message>
        <source>How speed changes with object size. PUT then GET at 64 KiB, 1 MiB, 32 MiB, 256 MiB and 1 GiB, 15 seconds each; about 1 GiB is written per size, so the gateway&apos;s pools need a few GiB free.</source>
        <translation>速度如何随对象大小变化。分别以 64 KiB、1 MiB、32 MiB、256 MiB 和 1 GiB 先 PUT 再 GET，各 15 秒；每种大小约写入 1 GiB，因此网关的存储池需要有几 GiB 可用空间。</translation>
    </message>
    <message>
        <source>A busy application. 70 % GET, 20 % PUT and 10 % DELETE of 1 MiB objects at the same time, 16 requests in flight, 30 seconds.</source>
        <translation>繁忙的应用。对 1 MiB 对象同时执行 70 % GET、20 % PUT 和 10 % DELETE，16 个并发请求，30 秒。</translation>
    </message>
    <message>
        <source>Many tiny objects. PUT, GET, HEAD and DELETE of 4 KiB objects over 4096 objects: this measures the gateway and the bucket index more than the disks.</source>
        <translation>大量微小对象。在 4096 个 4 KiB 对象上执行 PUT、GET、HEAD 和 DELETE：测的主要是网关和 bucket 索引，而不是磁盘。</translation>
    </message>
    <message numerus="yes">
        <source>%n step(s), about %1 (min:s) per repetition.</source>
        <translation>
            <numerusform>%n 个步骤，每次重复约 %1（分:秒）。</numerusform>
        </translation>
    </message>
</context>
<context>
    <name>cm::ui::S3ReviewPage</name>
    <message>
        <source>What the run creates and removes, and every step as it will run. Press Run to start.</source>
        <translation>本次运行会创建和删除的内容，以及将要执行的每个步骤。按“运行”开始。</translation>
    </message>
    <message>
        <source>Creates: a bucket named %1&lt;random&gt; on %2, holding up to %3 objects (%4 in all).</source>
        <translation>创建：在 %2 上创建名为 %1&lt;random&gt; 的 bucket，最多存放 %3 个对象（共 %4）。</translation>
    </message>
    <message>
        <source>Removes: that bucket and every object in it after the last step, also when the run is cancelled or a step fails. Nothing else on the gateway is touched.</source>
        <translation>删除：最后一个步骤结束后删除该 bucket 及其中的所有对象；运行被取消或某个步骤失败时也会删除。网关上的其他内容不受影响。</translation>
    </message>
    <message>
        <source>Secret key: from %1.</source>
        <translation>Secret key：来自 %1。</translation>
    </message>
    <message>
        <source>Connection: plain HTTP (not encrypted).</source>
        <translation>连接：明文 HTTP（未加密）。</translation>
    </message>
    <message>
        <source>Connection: HTTPS WITHOUT certificate verification (unsafe).</source>
        <translation>连接：HTTPS，但不验证证书（不安全）。</translation>
    </message>
    <message>
        <source>Connection: HTTPS, certificate verified.</source>
        <translation>连接：HTTPS，已验证证书。</translation>
    </message>
</context>
<context>
    <name>cm::ui::S3SweepChart</name>
    <message>
        <source>This run has no completed S3 step with figures.</source>
        <translation>此运行中没有已完成且带数据的 S3 步骤。</translation>
    </message>
    <message>
        <source>Size</source>
        <translation>大小</translation>
    </message>
    <message>
        <source>Operation</source>
        <translation>操作</translation>
    </message>
    <message>
        <source>Requests/s</source>
        <translation>请求/秒</translation>
    </message>
    <message>
        <source>Latency p50</source>
        <translation>延迟 p50</translation>
    </message>
    <message>
        <source>Latency p99</source>
        <translation>延迟 p99</translation>
    </message>
    <message>
        <source>TTFB p50</source>
        <translation>TTFB p50</translation>
    </message>
    <message>
        <source>TTFB p99</source>
        <translation>TTFB p99</translation>
    </message>
    <message>
        <source>no answer (connection failed) × %1</source>
        <translation>无响应（连接失败）× %1</translation>
    </message>
    <message>
        <source>HTTP %1 × %2</source>
        <translation>HTTP %1 × %2</translation>
    </message>
    <message>
        <source>Failed requests: %1</source>
        <translation>失败请求：%1</translation>
    </message>
    <message>
        <source>Throughput by object size</source>
        <translation>各对象大小的吞吐量</translation>
    </message>
    <message>
        <source>Requests per second by object size</source>
        <translation>各对象大小的每秒请求数</translation>
    </message>
    <message>
        <source>Object size (log scale)</source>
        <translation>对象大小（对数刻度）</translation>
    </message>
    <message>
        <source>requests/s (log scale)</source>
        <translation>请求/秒（对数刻度）</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>MB/s (log scale)</source>
        <translation>MB/s（对数刻度）</translation>
    </message>
</context>
<context>
    <name>cm::ui::S3SweepTab</name>
    <message>
        <source>Object sizes</source>
        <translation>对象大小</translation>
    </message>
</context>
<context>
    <name>cm::ui::S3TargetPage</name>
    <message>
        <source>S3 / RGW: endpoint and user</source>
        <translation>S3 / RGW：端点和用户</translation>
    </message>
    <message>
        <source>ClusterMark itself is the S3 client. It creates a bucket of its own for the run and removes it, with every object it wrote, afterwards.</source>
        <translation>ClusterMark 自身作为 S3 客户端。它为本次运行创建自己的 bucket，结束后连同写入的所有对象一并删除。</translation>
    </message>
    <message>
        <source>Use the local lab&apos;s gateway</source>
        <translation>使用本地实验集群的网关</translation>
    </message>
    <message>
        <source>Fills in the radosgw and S3 user of the throwaway Ceph lab on this machine.</source>
        <translation>填入本机临时 Ceph 实验集群的 radosgw 和 S3 用户。</translation>
    </message>
    <message>
        <source>https://s3.example.net or http://10.0.0.5:7480</source>
        <translation>https://s3.example.net 或 http://10.0.0.5:7480</translation>
    </message>
    <message>
        <source>Endpoint:</source>
        <translation>端点：</translation>
    </message>
    <message>
        <source>Region:</source>
        <translation>区域：</translation>
    </message>
    <message>
        <source>Path style (endpoint/bucket/key; RGW&apos;s default)</source>
        <translation>路径风格（endpoint/bucket/key；RGW 的默认方式）</translation>
    </message>
    <message>
        <source>Virtual-hosted style (bucket.endpoint/key; needs wildcard DNS)</source>
        <translation>虚拟主机风格（bucket.endpoint/key；需要泛域名 DNS）</translation>
    </message>
    <message>
        <source>Addressing:</source>
        <translation>寻址方式：</translation>
    </message>
    <message>
        <source>the system&apos;s certificate authorities</source>
        <translation>系统的证书颁发机构</translation>
    </message>
    <message>
        <source>Browse…</source>
        <translation>浏览…</translation>
    </message>
    <message>
        <source>CA certificate (PEM):</source>
        <translation>CA 证书（PEM）：</translation>
    </message>
    <message>
        <source>Skip certificate verification (unsafe)</source>
        <translation>跳过证书验证（不安全）</translation>
    </message>
    <message>
        <source>Anyone between this machine and the endpoint could read the keys&apos; signatures and the data. Only for a test gateway with a self-signed certificate.</source>
        <translation>本机与端点之间的任何人都可能读取密钥签名和数据。仅适用于使用自签名证书的测试网关。</translation>
    </message>
    <message>
        <source>⚠ Unsafe: the gateway&apos;s identity is not checked. Use only on a network you trust.</source>
        <translation>⚠ 不安全：不检查网关的身份。请仅在可信网络中使用。</translation>
    </message>
    <message>
        <source>Access key:</source>
        <translation>Access key：</translation>
    </message>
    <message>
        <source>stored in the OS keychain, never in the plan</source>
        <translation>保存在系统密钥库中，绝不写入计划</translation>
    </message>
    <message>
        <source>Secret key:</source>
        <translation>Secret key：</translation>
    </message>
    <message>
        <source>Local lab: the throwaway Ceph cluster in %1</source>
        <translation>本地实验集群：%1 中的临时 Ceph 集群</translation>
    </message>
    <message>
        <source>CA certificate</source>
        <translation>CA 证书</translation>
    </message>
    <message>
        <source>PEM certificates (*.pem *.crt *.cer);;All files (*)</source>
        <translation>PEM 证书 (*.pem *.crt *.cer);;所有文件 (*)</translation>
    </message>
    <message>
        <source>Storing the secret key in the OS keychain…</source>
        <translation>正在将 secret key 保存到系统密钥库…</translation>
    </message>
    <message>
        <source>Secret key: read from the local lab&apos;s lab.env when the run starts (%1).</source>
        <translation>Secret key：运行开始时从本地实验集群的 lab.env 读取（%1）。</translation>
    </message>
    <message>
        <source>Secret key: from the environment variable %1 of the app.</source>
        <translation>Secret key：来自程序的环境变量 %1。</translation>
    </message>
    <message>
        <source>The secret key is kept in the OS keychain, never in the plan.</source>
        <translation>Secret key 保存在系统密钥库中，绝不写入计划。</translation>
    </message>
    <message>
        <source>Secret key: the one stored in the OS keychain as “%1” is used. Type a key to store or replace it.</source>
        <translation>Secret key：使用系统密钥库中以“%1”保存的密钥。输入密钥可保存或替换它。</translation>
    </message>
    <message>
        <source>Next stores this secret key in the OS keychain as “%1”.</source>
        <translation>点“下一步”会将此 secret key 以“%1”保存到系统密钥库。</translation>
    </message>
    <message>
        <source>Enter the S3 endpoint.</source>
        <translation>请输入 S3 端点。</translation>
    </message>
    <message>
        <source>The endpoint or access key cannot name a keychain entry.</source>
        <translation>端点或 access key 无法用作密钥库条目的名称。</translation>
    </message>
    <message>
        <source>Could not store the secret key in the OS keychain: %1</source>
        <translation>无法将 secret key 保存到系统密钥库：%1</translation>
    </message>
    <message>
        <source>Stored in the OS keychain as “%1”.</source>
        <translation>已以“%1”保存到系统密钥库。</translation>
    </message>
    <message>
        <source>ClusterMark&apos;s own S3 client, on this machine</source>
        <translation>ClusterMark 自带的 S3 客户端，在本机</translation>
    </message>
    <message>
        <source>curl on each chosen node at once (PUT and GET)</source>
        <translation>在每个所选节点上同时运行 curl（PUT 和 GET）</translation>
    </message>
    <message>
        <source>Engine:</source>
        <translation>引擎：</translation>
    </message>
    <message>
        <source>ClusterMark&apos;s own S3 client runs on this machine: choose only this machine as the node, or curl for other nodes.</source>
        <translation>ClusterMark 自带的 S3 客户端在本机运行：只选择本机作为节点，或为其他节点选择 curl。</translation>
    </message>
    <message>
        <source>None</source>
        <translation>无</translation>
    </message>
    <message>
        <source>SSE-S3: the gateway&apos;s key</source>
        <translation>SSE-S3：网关的密钥</translation>
    </message>
    <message>
        <source>SSE-C: a random key of the run&apos;s own</source>
        <translation>SSE-C：本次运行自己的随机密钥</translation>
    </message>
    <message>
        <source>Every object is encrypted on the gateway. The run first checks that the gateway really encrypts: RGW before 17.2 accepts SSE-S3 and stores the objects in plain text. SSE-C keys go over TLS only, unless the gateway sets rgw_crypt_require_ssl = false.</source>
        <translation>每个对象都在网关上加密。运行前先检查网关是否真的加密：17.2 之前的 RGW 接受 SSE-S3 但以明文存储对象。SSE-C 密钥只通过 TLS 传送，除非网关设置了 rgw_crypt_require_ssl = false。</translation>
    </message>
    <message>
        <source>Server-side encryption:</source>
        <translation>服务端加密：</translation>
    </message>
</context>
<context>
    <name>cm::ui::SeriesOverlay</name>
    <message>
        <source>read</source>
        <translation>读</translation>
    </message>
    <message>
        <source>write</source>
        <translation>写</translation>
    </message>
    <message>
        <source>%1 bandwidth</source>
        <translation>%1带宽</translation>
    </message>
    <message>
        <source>%1 IOPS</source>
        <translation>%1 IOPS</translation>
    </message>
    <message>
        <source>%1 latency %2</source>
        <translation>%1延迟 %2</translation>
    </message>
    <message>
        <source>node CPU busy</source>
        <translation>节点 CPU 占用</translation>
    </message>
    <message>
        <source>node CPU iowait</source>
        <translation>节点 CPU iowait</translation>
    </message>
    <message>
        <source>seconds into the test</source>
        <translation>测试开始后的秒数</translation>
    </message>
    <message>
        <source>Time series</source>
        <translation>时间序列</translation>
    </message>
    <message>
        <source>%1, total of the targets</source>
        <translation>%1，所有目标合计</translation>
    </message>
</context>
<context>
    <name>cm::ui::SessionFilterBar</name>
    <message>
        <source>Search names, tags, notes, nodes…</source>
        <translation>搜索名称、标签、备注、节点…</translation>
    </message>
    <message>
        <source>Only runs of this kind</source>
        <translation>仅此类型的运行</translation>
    </message>
    <message>
        <source>Only runs on this node</source>
        <translation>仅此节点上的运行</translation>
    </message>
    <message>
        <source>Only sessions with this tag</source>
        <translation>仅带此标签的会话</translation>
    </message>
    <message>
        <source>All kinds</source>
        <translation>所有类型</translation>
    </message>
    <message>
        <source>All nodes</source>
        <translation>所有节点</translation>
    </message>
    <message>
        <source>All tags</source>
        <translation>所有标签</translation>
    </message>
    <message>
        <source>Any time</source>
        <translation>任意时间</translation>
    </message>
    <message>
        <source>Today</source>
        <translation>今天</translation>
    </message>
    <message>
        <source>Last 7 days</source>
        <translation>最近 7 天</translation>
    </message>
    <message>
        <source>Last 30 days</source>
        <translation>最近 30 天</translation>
    </message>
    <message>
        <source>From … to …</source>
        <translation>从 … 到 …</translation>
    </message>
</context>
<context>
    <name>cm::ui::SessionPane</name>
    <message>
        <source>A session groups the runs of one set-up, e.g. “MTU 9000” or “write cache off”. Tags and the note are searched too.</source>
        <translation>一个会话汇集同一配置下的运行，如“MTU 9000”或“关闭写缓存”。标签和备注也可被搜索。</translation>
    </message>
    <message>
        <source>Name:</source>
        <translation>名称：</translation>
    </message>
    <message>
        <source>e.g. network, jumbo (commas or spaces)</source>
        <translation>如 network, jumbo（用逗号或空格分隔）</translation>
    </message>
    <message>
        <source>Tags:</source>
        <translation>标签：</translation>
    </message>
    <message>
        <source>What was different in this set-up? (switch settings, Ceph options, firmware …)</source>
        <translation>这套配置有什么不同？（交换机设置、Ceph 选项、固件…）</translation>
    </message>
    <message>
        <source>Note:</source>
        <translation>备注：</translation>
    </message>
    <message>
        <source>Delete session…</source>
        <translation>删除会话…</translation>
    </message>
    <message>
        <source>Revert</source>
        <translation>还原</translation>
    </message>
    <message>
        <source>Save</source>
        <translation>保存</translation>
    </message>
    <message>
        <source>Created %1 · 1 run</source>
        <translation>创建于 %1 · 1 个运行</translation>
    </message>
    <message>
        <source>Created %1 · %2 runs</source>
        <translation>创建于 %1 · %2 个运行</translation>
    </message>
</context>
<context>
    <name>cm::ui::SessionPickDialog</name>
    <message>
        <source>Move to session</source>
        <translation>移动到会话</translation>
    </message>
    <message>
        <source>Move the run “%1” to the session:</source>
        <translation>将运行“%1”移动到会话：</translation>
    </message>
    <message>
        <source>Move</source>
        <translation>移动</translation>
    </message>
    <message>
        <source>Type a session name.</source>
        <translation>请输入会话名称。</translation>
    </message>
    <message>
        <source>The run is already in this session.</source>
        <translation>该运行已在此会话中。</translation>
    </message>
    <message>
        <source>A new session “%1” will be created.</source>
        <translation>将创建新会话“%1”。</translation>
    </message>
</context>
<context>
    <name>cm::ui::SessionsModel</name>
    <message>
        <source>no runs</source>
        <translation>无运行</translation>
    </message>
    <message>
        <source>1 run</source>
        <translation>1 个运行</translation>
    </message>
    <message>
        <source>%1 runs</source>
        <translation>%1 个运行</translation>
    </message>
    <message>
        <source>%1 of %2 runs</source>
        <translation>%1 / %2 个运行</translation>
    </message>
    <message>
        <source>Session / run</source>
        <translation>会话 / 运行</translation>
    </message>
    <message>
        <source>Status</source>
        <translation>状态</translation>
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
        <source>Key figures</source>
        <translation>关键数据</translation>
    </message>
</context>
<context>
    <name>cm::ui::SessionsView</name>
    <message>
        <source>New session…</source>
        <translation>新建会话…</translation>
    </message>
    <message>
        <source>Select a session to edit its name, tags and note, or a run to see its figures, environment and commands.</source>
        <translation>选择一个会话可编辑其名称、标签和备注；选择一个运行可查看其数据、环境和命令。</translation>
    </message>
    <message>
        <source>Run again…</source>
        <translation>再次运行…</translation>
    </message>
    <message>
        <source>Move to session…</source>
        <translation>移动到会话…</translation>
    </message>
    <message>
        <source>Delete run…</source>
        <translation>删除运行…</translation>
    </message>
    <message>
        <source>Delete</source>
        <translation>删除</translation>
    </message>
    <message>
        <source>Could not read the sessions: %1</source>
        <translation>无法读取会话：%1</translation>
    </message>
    <message>
        <source>Sessions: %1 · runs: %2</source>
        <translation>会话：%1 · 运行：%2</translation>
    </message>
    <message>
        <source>%1 of %2 runs match · sessions shown: %3</source>
        <translation>%2 个运行中 %1 个匹配 · 显示会话：%3</translation>
    </message>
    <message>
        <source>Session “%1” saved.</source>
        <translation>会话“%1”已保存。</translation>
    </message>
    <message>
        <source>Session “%1” created.</source>
        <translation>会话“%1”已创建。</translation>
    </message>
    <message>
        <source>Run moved to “%1”.</source>
        <translation>运行已移动到“%1”。</translation>
    </message>
    <message>
        <source>Run deleted.</source>
        <translation>运行已删除。</translation>
    </message>
    <message>
        <source>Session deleted.</source>
        <translation>会话已删除。</translation>
    </message>
    <message>
        <source>Nothing was deleted.</source>
        <translation>未删除任何内容。</translation>
    </message>
    <message>
        <source>The plan of this run cannot be read: %1</source>
        <translation>无法读取此运行的计划：%1</translation>
    </message>
    <message>
        <source>New session</source>
        <translation>新建会话</translation>
    </message>
    <message>
        <source>Name of the new session (e.g. “MTU 9000” or “write cache off”):</source>
        <translation>新会话的名称（如“MTU 9000”或“关闭写缓存”）：</translation>
    </message>
    <message>
        <source>Edit name, tags and note</source>
        <translation>编辑名称、标签和备注</translation>
    </message>
    <message>
        <source>Delete session…</source>
        <translation>删除会话…</translation>
    </message>
    <message>
        <source>Rename…</source>
        <translation>重命名…</translation>
    </message>
    <message>
        <source>Rename run</source>
        <translation>重命名运行</translation>
    </message>
    <message>
        <source>New name of the run:</source>
        <translation>运行的新名称：</translation>
    </message>
    <message>
        <source>Run renamed to “%1”.</source>
        <translation>运行已重命名为“%1”。</translation>
    </message>
</context>
<context>
    <name>cm::ui::TemporaryPoolForm</name>
    <message>
        <source>Replicated</source>
        <translation>副本</translation>
    </message>
    <message>
        <source>Erasure-coded</source>
        <translation>纠删码</translation>
    </message>
    <message>
        <source>any</source>
        <translation>任意</translation>
    </message>
    <message>
        <source>Type:</source>
        <translation>类型：</translation>
    </message>
    <message>
        <source>Failure domain:</source>
        <translation>故障域：</translation>
    </message>
    <message>
        <source>Device class:</source>
        <translation>设备类别：</translation>
    </message>
    <message>
        <source>Size / min_size:</source>
        <translation>size / min_size：</translation>
    </message>
    <message>
        <source>Chunks k + m:</source>
        <translation>分块 k + m：</translation>
    </message>
    <message>
        <source>Made from this machine when the run starts, with its own CRUSH rule or erasure-code profile, and deleted when it ends, also after a cancel. The monitors must allow pool deletion (mon_allow_pool_delete).</source>
        <translation>运行开始时由本机创建（带有自己的 CRUSH 规则或纠删码配置），运行结束时删除，取消后也会删除。监视器必须允许删除池（mon_allow_pool_delete）。</translation>
    </message>
    <message>
        <source>min_size cannot be larger than size.</source>
        <translation>min_size 不能大于 size。</translation>
    </message>
    <message>
        <source>The device class may hold letters, digits, &apos;.&apos;, &apos;_&apos; and &apos;-&apos;.</source>
        <translation>设备类别只能包含字母、数字、&apos;.&apos;、&apos;_&apos; 和 &apos;-&apos;。</translation>
    </message>
    <message>
        <source>This layout needs %1 up OSDs in distinct failure domains (%2); the connected cluster has %3.</source>
        <translation>此布局需要 %1 个处于 up 状态、位于不同故障域（%2）的 OSD；已连接的集群只有 %3 个。</translation>
    </message>
    <message>
        <source>The connected cluster: %1 up OSDs, %2 hosts.</source>
        <translation>已连接的集群：%1 个 up 的 OSD，%2 台主机。</translation>
    </message>
    <message>
        <source>The connected cluster: %1 up OSDs of that class, %2 hosts.</source>
        <translation>已连接的集群：%1 个该类别且 up 的 OSD，%2 台主机。</translation>
    </message>
    <message>
        <source>On one host, choose the failure domain osd.</source>
        <translation>只有一台主机时，请选择故障域 osd。</translation>
    </message>
    <message>
        <source>Create a temporary pool for this run (deleted afterwards)</source>
        <translation>为本次运行创建临时池（运行后删除）</translation>
    </message>
</context>
<context>
    <name>cm::ui::UnitScale</name>
    <message>
        <source>GB/s</source>
        <translation>GB/s</translation>
    </message>
    <message>
        <source>MB/s</source>
        <translation>MB/s</translation>
    </message>
    <message>
        <source>kB/s</source>
        <translation>kB/s</translation>
    </message>
    <message>
        <source>B/s</source>
        <translation>B/s</translation>
    </message>
    <message>
        <source>M IOPS</source>
        <translation>M IOPS</translation>
    </message>
    <message>
        <source>k IOPS</source>
        <translation>k IOPS</translation>
    </message>
    <message>
        <source>IOPS</source>
        <translation>IOPS</translation>
    </message>
    <message>
        <source>s</source>
        <translation>s</translation>
    </message>
    <message>
        <source>ms</source>
        <translation>ms</translation>
    </message>
    <message>
        <source>µs</source>
        <translation>µs</translation>
    </message>
    <message>
        <source>ns</source>
        <translation>ns</translation>
    </message>
    <message>
        <source>%</source>
        <translation>%</translation>
    </message>
    <message>
        <source>%1 IOPS</source>
        <translation>%1 IOPS</translation>
    </message>
    <message>
        <source>Gbit/s</source>
        <translation>Gbit/s</translation>
    </message>
    <message>
        <source>Mbit/s</source>
        <translation>Mbit/s</translation>
    </message>
    <message>
        <source>kbit/s</source>
        <translation>kbit/s</translation>
    </message>
    <message>
        <source>bit/s</source>
        <translation>bit/s</translation>
    </message>
    <message>
        <source>M %1</source>
        <translation>M %1</translation>
    </message>
    <message>
        <source>k %1</source>
        <translation>k %1</translation>
    </message>
    <message>
        <source>%1 %2</source>
        <translation>%1 %2</translation>
    </message>
</context>
<context>
    <name>cm::ui::UsageStripView</name>
    <message>
        <source>CPU</source>
        <translation>CPU</translation>
    </message>
    <message>
        <source>busiest core</source>
        <translation>最忙核心</translation>
    </message>
    <message>
        <source>memory</source>
        <translation>内存</translation>
    </message>
    <message>
        <source>%1 (link speed unknown)</source>
        <translation>%1（链路速率未知）</translation>
    </message>
    <message>
        <source>utilisation</source>
        <translation>利用率</translation>
    </message>
    <message>
        <source>OSD commit latency</source>
        <translation>OSD 提交延迟</translation>
    </message>
    <message>
        <source>what limited the step</source>
        <translation>限制该步骤的部分</translation>
    </message>
    <message>
        <source>No node or OSD was sampled yet. The strip fills once the run&apos;s nodes report.</source>
        <translation>尚未采样任何节点或 OSD。运行的节点上报后此图会填充。</translation>
    </message>
</context>
<context>
    <name>main</name>
    <message>
        <source>Bring the &lt;view&gt; to the front: strip (nodes and OSDs) or charts.</source>
        <translation>将 &lt;view&gt; 置于前台：strip（节点与 OSD）或 charts（图表）。</translation>
    </message>
    <message>
        <source>Benchmark homelab clusters: disks, network, Ceph.</source>
        <translation>测试 homelab 集群的性能：磁盘、网络、Ceph。</translation>
    </message>
    <message>
        <source>Run the quick disk benchmark on this machine at once.</source>
        <translation>立即在本机上运行快速磁盘测试。</translation>
    </message>
    <message>
        <source>Save a PNG of the main window to &lt;file&gt;.</source>
        <translation>将主窗口截图保存为 PNG 文件 &lt;file&gt;。</translation>
    </message>
    <message>
        <source>Quit after &lt;seconds&gt; (after the screenshot).</source>
        <translation>&lt;seconds&gt; 秒后退出（在截图之后）。</translation>
    </message>
    <message>
        <source>Seconds per test of --demo (default 5).</source>
        <translation>--demo 每项测试的秒数（默认 5）。</translation>
    </message>
    <message>
        <source>Quick disk (demo, this machine)</source>
        <translation>快速磁盘（演示，本机）</translation>
    </message>
    <message>
        <source>With --demo: the folder for the test file (default: a fresh temp folder).</source>
        <translation>配合 --demo：测试文件所在的文件夹（默认：新建临时文件夹）。</translation>
    </message>
    <message>
        <source>Connect the Ceph cluster of &lt;path&gt;: a lab folder or a ceph.conf.</source>
        <translation>连接 &lt;path&gt; 处的 Ceph 集群：实验集群文件夹或 ceph.conf。</translation>
    </message>
    <message>
        <source>Run the saved plan &lt;file&gt; at once.</source>
        <translation>立即运行已保存的计划 &lt;file&gt;。</translation>
    </message>
    <message>
        <source>Open on Results with the saved run &lt;id&gt; selected.</source>
        <translation>打开“结果”并选中已保存的运行 &lt;id&gt;。</translation>
    </message>
    <message>
        <source>The window&apos;s look: system, light or dark (default: the one last chosen).</source>
        <translation>窗口外观：system、light 或 dark（默认：上次选择的外观）。</translation>
    </message>
</context>
</TS>
